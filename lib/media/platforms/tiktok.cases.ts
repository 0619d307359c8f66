import { recognitionOf, shortLink, type UrlCase } from './url-case';

const tt = recognitionOf('tiktok');
const other = recognitionOf('generic');
const ID = '7106594312292453675';
const VIDEO = `https://www.tiktok.com/@scout2015/video/${ID}`;
const NO_USER = `https://www.tiktok.com/@_/video/${ID}`;

export const tiktokCases: UrlCase[] = [
  { url: VIDEO, expect: tt('video', ID, VIDEO) },
  { url: `https://tiktok.com/@scout2015/video/${ID}`, expect: tt('video', ID, VIDEO) },
  { url: `https://m.tiktok.com/@scout2015/video/${ID}`, expect: tt('video', ID, VIDEO) },
  { url: `https://www.tiktok.com/@scout2015/video/${ID}?is_from_webapp=1&sender_device=pc`, expect: tt('video', ID, VIDEO) },
  { url: `https://www.tiktok.com/@scout2015/video/${ID}?_r=1&_t=8abc&utm_source=copy`, expect: tt('video', ID, VIDEO) },
  { url: `https://www.tiktok.com/@scout2015/video/${ID}/`, expect: tt('video', ID, VIDEO) },
  { url: `HTTPS://WWW.TIKTOK.COM/@scout2015/video/${ID}`, expect: tt('video', ID, VIDEO) },
  { url: `tiktok.com/@scout2015/video/${ID}`, expect: tt('video', ID, VIDEO) },
  { url: `www.tiktok.com/@scout2015/video/${ID}#comments`, expect: tt('video', ID, VIDEO) },
  {
    url: 'https://www.tiktok.com/@the.real_one-22/video/6748451240264420610?lang=en',
    expect: tt('video', '6748451240264420610', 'https://www.tiktok.com/@the.real_one-22/video/6748451240264420610'),
  },
  { url: `https://www.tiktok.com/@scout2015/photo/${ID}`, expect: tt('photo', ID, `https://www.tiktok.com/@scout2015/photo/${ID}`) },
  { url: `https://www.tiktok.com/@scout2015/photo/${ID}?lang=en`, expect: tt('photo', ID, `https://www.tiktok.com/@scout2015/photo/${ID}`) },
  // embeds and old mobile links
  { url: `https://www.tiktok.com/embed/v2/${ID}`, expect: tt('video', ID, NO_USER) },
  { url: `https://www.tiktok.com/embed/${ID}`, expect: tt('video', ID, NO_USER) },
  { url: `https://m.tiktok.com/v/${ID}.html`, expect: tt('video', ID, NO_USER) },
  { url: `https://www.tiktok.com/v/${ID}.html?u_code=abc`, expect: tt('video', ID, NO_USER) },
  // short links stay short: resolving them needs the network
  { url: 'https://vm.tiktok.com/ZMFabc123/', expect: shortLink(tt('video', 'ZMFabc123', 'https://vm.tiktok.com/ZMFabc123/')) },
  { url: 'https://vm.tiktok.com/ZMFabc123', expect: shortLink(tt('video', 'ZMFabc123', 'https://vm.tiktok.com/ZMFabc123/')) },
  { url: 'vt.tiktok.com/ZSabc123/', expect: shortLink(tt('video', 'ZSabc123', 'https://vt.tiktok.com/ZSabc123/')) },
  { url: 'https://VT.TIKTOK.COM/ZSabc123/?k=1', expect: shortLink(tt('video', 'ZSabc123', 'https://vt.tiktok.com/ZSabc123/')) },
  { url: 'https://www.tiktok.com/t/ZTRabc123/', expect: shortLink(tt('video', 'ZTRabc123', 'https://www.tiktok.com/t/ZTRabc123/')) },
  { url: 'https://tiktok.com/t/ZTRabc123', expect: shortLink(tt('video', 'ZTRabc123', 'https://www.tiktok.com/t/ZTRabc123/')) },
  // profiles and lives
  { url: 'https://www.tiktok.com/@scout2015', expect: tt('channel', '@scout2015', 'https://www.tiktok.com/@scout2015') },
  { url: 'https://www.tiktok.com/@scout2015/?lang=en', expect: tt('channel', '@scout2015', 'https://www.tiktok.com/@scout2015') },
  { url: 'tiktok.com/@scout2015', expect: tt('channel', '@scout2015', 'https://www.tiktok.com/@scout2015') },
  { url: 'https://www.tiktok.com/@scout2015/live', expect: tt('live', '@scout2015', 'https://www.tiktok.com/@scout2015/live') },
  // our hosts, no media shape
  { url: 'https://www.tiktok.com/', expect: 'unsupported_url' },
  { url: 'https://www.tiktok.com/foryou', expect: 'unsupported_url' },
  { url: 'https://www.tiktok.com/explore', expect: 'unsupported_url' },
  { url: 'https://www.tiktok.com/tag/cats', expect: 'unsupported_url' },
  { url: 'https://www.tiktok.com/@scout2015/video/', expect: 'unsupported_url' },
  { url: 'https://www.tiktok.com/@scout2015/video/abc', expect: 'unsupported_url' },
  { url: 'https://www.tiktok.com/@scout2015/photo/12', expect: 'unsupported_url' },
  { url: `https://www.tiktok.com/@bad%20name/video/${ID}`, expect: 'unsupported_url' },
  { url: 'https://www.tiktok.com/@scout2015/playlist/cats-123', expect: 'unsupported_url' },
  { url: 'https://vm.tiktok.com/', expect: 'unsupported_url' },
  { url: 'https://vm.tiktok.com/a/b/', expect: 'unsupported_url' },
  // look-alikes and media hosts
  { url: `https://tiktok.com.phish.io/@scout2015/video/${ID}`, expect: other('video', null, `https://tiktok.com.phish.io/@scout2015/video/${ID}`) },
  { url: `https://faketiktok.com/@scout2015/video/${ID}`, expect: other('video', null, `https://faketiktok.com/@scout2015/video/${ID}`) },
  { url: `https://www.tiktok.co/@scout2015/video/${ID}`, expect: other('video', null, `https://www.tiktok.co/@scout2015/video/${ID}`) },
  { url: 'https://v16-webapp.tiktok.com/abc/video.mp4', expect: other('video', null, 'https://v16-webapp.tiktok.com/abc/video.mp4') },
];
