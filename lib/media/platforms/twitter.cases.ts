import { recognitionOf, shortLink, type UrlCase } from './url-case';

const tw = recognitionOf('twitter');
const other = recognitionOf('generic');
const ID = '1580661436132757506';
const POST = `https://x.com/NASA/status/${ID}`;

export const twitterCases: UrlCase[] = [
  { url: `https://x.com/NASA/status/${ID}`, expect: tw('post', ID, POST) },
  { url: `https://twitter.com/NASA/status/${ID}`, expect: tw('post', ID, POST) },
  { url: `https://www.twitter.com/NASA/status/${ID}?s=20&t=AbCdEf`, expect: tw('post', ID, POST) },
  { url: `https://mobile.twitter.com/NASA/status/${ID}`, expect: tw('post', ID, POST) },
  { url: `https://m.twitter.com/NASA/status/${ID}`, expect: tw('post', ID, POST) },
  { url: `https://mobile.x.com/NASA/status/${ID}`, expect: tw('post', ID, POST) },
  { url: `https://www.x.com/NASA/status/${ID}/`, expect: tw('post', ID, POST) },
  { url: `HTTPS://X.COM/NASA/status/${ID}`, expect: tw('post', ID, POST) },
  { url: `x.com/NASA/status/${ID}`, expect: tw('post', ID, POST) },
  { url: `twitter.com/NASA/status/${ID}?ref_src=twsrc%5Etfw`, expect: tw('post', ID, POST) },
  { url: `https://x.com/NASA/status/${ID}?utm_source=share#reply`, expect: tw('post', ID, POST) },
  { url: `https://twitter.com/NASA/statuses/${ID}`, expect: tw('post', ID, POST) },
  { url: `https://x.com/NASA/status/${ID}/video/1`, expect: tw('post', ID, POST) },
  { url: `https://x.com/NASA/status/${ID}/analytics`, expect: tw('post', ID, POST) },
  { url: `https://x.com/NASA/status/${ID}/photo/1`, expect: tw('photo', ID, `${POST}/photo/1`) },
  { url: `https://twitter.com/NASA/status/${ID}/photo/3?s=46`, expect: tw('photo', ID, `${POST}/photo/3`) },
  { url: `https://x.com/i/web/status/${ID}`, expect: tw('post', ID, `https://x.com/i/status/${ID}`) },
  { url: `https://twitter.com/i/status/${ID}`, expect: tw('post', ID, `https://x.com/i/status/${ID}`) },
  { url: `https://twitter.com/statuses/${ID}`, expect: tw('post', ID, `https://x.com/i/status/${ID}`) },
  { url: `https://x.com/i/web/status/${ID}/photo/2`, expect: tw('photo', ID, `https://x.com/i/status/${ID}/photo/2`) },
  { url: 'https://x.com/i/broadcasts/1ypKdgaRdXyGW', expect: tw('live', '1ypKdgaRdXyGW', 'https://x.com/i/broadcasts/1ypKdgaRdXyGW') },
  // mirrors that fix embeds
  { url: `https://fxtwitter.com/NASA/status/${ID}`, expect: tw('post', ID, POST) },
  { url: `https://vxtwitter.com/NASA/status/${ID}`, expect: tw('post', ID, POST) },
  { url: `https://fixupx.com/NASA/status/${ID}`, expect: tw('post', ID, POST) },
  { url: `https://d.fxtwitter.com/NASA/status/${ID}`, expect: tw('post', ID, POST) },
  // profiles
  { url: 'https://x.com/NASA', expect: tw('channel', 'NASA', 'https://x.com/NASA') },
  { url: 'https://twitter.com/NASA/', expect: tw('channel', 'NASA', 'https://x.com/NASA') },
  { url: 'https://x.com/NASA/media', expect: tw('channel', 'NASA', 'https://x.com/NASA') },
  { url: 'x.com/elon_musk_1', expect: tw('channel', 'elon_musk_1', 'https://x.com/elon_musk_1') },
  // our hosts, no media shape
  { url: 'https://x.com/', expect: 'unsupported_url' },
  { url: 'https://x.com/home', expect: 'unsupported_url' },
  { url: 'https://x.com/explore', expect: 'unsupported_url' },
  { url: 'https://twitter.com/search?q=cats', expect: 'unsupported_url' },
  { url: 'https://twitter.com/intent/tweet?text=hi', expect: 'unsupported_url' },
  { url: 'https://x.com/NASA/status/not-a-number', expect: 'unsupported_url' },
  { url: 'https://x.com/NASA/status/', expect: 'unsupported_url' },
  { url: `https://x.com/this_name_is_far_too_long/status/${ID}`, expect: 'unsupported_url' },
  { url: 'https://x.com/NASA/followers', expect: 'unsupported_url' },
  // look-alikes and media hosts
  { url: `https://x.com.attacker.net/NASA/status/${ID}`, expect: other('video', null, `https://x.com.attacker.net/NASA/status/${ID}`) },
  { url: `https://nottwitter.com/NASA/status/${ID}`, expect: other('video', null, `https://nottwitter.com/NASA/status/${ID}`) },
  { url: `https://twitter.com.evil.io/NASA/status/${ID}`, expect: other('video', null, `https://twitter.com.evil.io/NASA/status/${ID}`) },
  { url: 'https://video.twimg.com/ext_tw_video/1/pu/vid/720x1280/a.mp4?tag=12', expect: other('video', null, 'https://video.twimg.com/ext_tw_video/1/pu/vid/720x1280/a.mp4?tag=12') },
  { url: 'https://t.co/AbC123xyz', expect: shortLink(other('video', null, 'https://t.co/AbC123xyz')) },
];
