import { recognitionOf, shortLink, type UrlCase } from './url-case';

const fb = recognitionOf('facebook');
const other = recognitionOf('generic');
const ID = '10153231379946729';
const WATCH = `https://www.facebook.com/watch/?v=${ID}`;
const PLUGIN_HREF = encodeURIComponent(`https://www.facebook.com/NASA/videos/${ID}/`);

export const facebookCases: UrlCase[] = [
  { url: `https://www.facebook.com/watch/?v=${ID}`, expect: fb('video', ID, WATCH) },
  { url: `https://www.facebook.com/watch?v=${ID}`, expect: fb('video', ID, WATCH) },
  { url: `https://www.facebook.com/watch/?ref=saved&v=${ID}&mibextid=abc`, expect: fb('video', ID, WATCH) },
  { url: `https://m.facebook.com/watch/?v=${ID}&fbclid=IwAR0abc`, expect: fb('video', ID, WATCH) },
  { url: `https://mbasic.facebook.com/watch/?v=${ID}`, expect: fb('video', ID, WATCH) },
  { url: `https://web.facebook.com/watch/?v=${ID}`, expect: fb('video', ID, WATCH) },
  { url: `https://business.facebook.com/watch/?v=${ID}`, expect: fb('video', ID, WATCH) },
  { url: `HTTPS://WWW.FACEBOOK.COM/watch/?v=${ID}`, expect: fb('video', ID, WATCH) },
  { url: `facebook.com/watch/?v=${ID}`, expect: fb('video', ID, WATCH) },
  { url: `https://fb.com/watch/?v=${ID}`, expect: fb('video', ID, WATCH) },
  { url: `https://www.facebook.com/watch/live/?v=${ID}`, expect: fb('live', ID, `https://www.facebook.com/watch/live/?v=${ID}`) },
  { url: `https://www.facebook.com/NASA/videos/${ID}/`, expect: fb('video', ID, WATCH) },
  { url: `https://www.facebook.com/NASA/videos/mars-landing-day/${ID}/?__cft__[0]=AZX`, expect: fb('video', ID, WATCH) },
  { url: `https://www.facebook.com/NASA/videos/vb.54971236771/${ID}/?type=3`, expect: fb('video', ID, WATCH) },
  { url: `https://www.facebook.com/100064860875397/videos/${ID}`, expect: fb('video', ID, WATCH) },
  { url: `https://www.facebook.com/video.php?v=${ID}`, expect: fb('video', ID, WATCH) },
  { url: `https://www.facebook.com/video/video.php?v=${ID}`, expect: fb('video', ID, WATCH) },
  { url: `https://www.facebook.com/video/embed?video_id=${ID}`, expect: fb('video', ID, WATCH) },
  { url: `https://www.facebook.com/plugins/video.php?href=${PLUGIN_HREF}&show_text=0&width=560`, expect: fb('video', ID, WATCH) },
  {
    url: `https://www.facebook.com/plugins/post.php?href=${encodeURIComponent('https://www.facebook.com/NASA/posts/pfbid0abcDEF123ghiJKL456mnoPQR')}`,
    expect: fb('post', 'pfbid0abcDEF123ghiJKL456mnoPQR', 'https://www.facebook.com/NASA/posts/pfbid0abcDEF123ghiJKL456mnoPQR/'),
  },
  // reels and share links
  { url: `https://www.facebook.com/reel/${ID}`, expect: fb('reel', ID, `https://www.facebook.com/reel/${ID}/`) },
  { url: `https://m.facebook.com/reel/${ID}/?s=ifu_see_more`, expect: fb('reel', ID, `https://www.facebook.com/reel/${ID}/`) },
  { url: 'https://www.facebook.com/share/v/1AbCdEfGhJ/', expect: fb('video', '1AbCdEfGhJ', 'https://www.facebook.com/share/v/1AbCdEfGhJ/') },
  { url: 'https://www.facebook.com/share/r/1AbCdEfGhJ/?mibextid=xfxF2i', expect: fb('reel', '1AbCdEfGhJ', 'https://www.facebook.com/share/r/1AbCdEfGhJ/') },
  { url: 'https://www.facebook.com/share/p/1AbCdEfGhJ/', expect: fb('post', '1AbCdEfGhJ', 'https://www.facebook.com/share/p/1AbCdEfGhJ/') },
  { url: 'https://www.facebook.com/share/1AbCdEfGhJ/', expect: fb('post', '1AbCdEfGhJ', 'https://www.facebook.com/share/1AbCdEfGhJ/') },
  { url: 'https://fb.watch/abcDEF123_/', expect: shortLink(fb('video', 'abcDEF123_', 'https://fb.watch/abcDEF123_/')) },
  { url: 'fb.watch/abcDEF123_', expect: shortLink(fb('video', 'abcDEF123_', 'https://fb.watch/abcDEF123_/')) },
  // photos and posts
  { url: `https://www.facebook.com/photo?fbid=${ID}&set=a.123456789`, expect: fb('photo', ID, `https://www.facebook.com/photo/?fbid=${ID}`) },
  { url: `https://www.facebook.com/photo.php?fbid=${ID}`, expect: fb('photo', ID, `https://www.facebook.com/photo/?fbid=${ID}`) },
  { url: `https://www.facebook.com/NASA/photos/a.67890123456/${ID}/`, expect: fb('photo', ID, `https://www.facebook.com/photo/?fbid=${ID}`) },
  { url: `https://www.facebook.com/NASA/posts/${ID}`, expect: fb('post', ID, `https://www.facebook.com/NASA/posts/${ID}/`) },
  {
    url: 'https://www.facebook.com/NASA/posts/pfbid0abcDEF123ghiJKL456mnoPQR?__tn__=R',
    expect: fb('post', 'pfbid0abcDEF123ghiJKL456mnoPQR', 'https://www.facebook.com/NASA/posts/pfbid0abcDEF123ghiJKL456mnoPQR/'),
  },
  {
    url: `https://www.facebook.com/groups/123456789012/permalink/${ID}/`,
    expect: fb('post', ID, `https://www.facebook.com/groups/123456789012/permalink/${ID}/`),
  },
  {
    url: `https://www.facebook.com/groups/cats.of.the.world/posts/${ID}/`,
    expect: fb('post', ID, `https://www.facebook.com/groups/cats.of.the.world/permalink/${ID}/`),
  },
  {
    url: `https://m.facebook.com/story.php?story_fbid=${ID}&id=54971236771&mibextid=Nif5oz`,
    expect: fb('post', ID, `https://www.facebook.com/permalink.php?story_fbid=${ID}&id=54971236771`),
  },
  // our hosts, no media shape
  { url: 'https://www.facebook.com/', expect: 'unsupported_url' },
  { url: 'https://www.facebook.com/watch/', expect: 'unsupported_url' },
  { url: 'https://www.facebook.com/NASA', expect: 'unsupported_url' },
  { url: 'https://www.facebook.com/events/123456789/', expect: 'unsupported_url' },
  { url: 'https://www.facebook.com/watch/?v=notanumber', expect: 'unsupported_url' },
  { url: 'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fevil.example%2Fvideos%2F123456', expect: 'unsupported_url' },
  { url: 'https://www.facebook.com/share/x/1AbCdEfGhJ/', expect: 'unsupported_url' },
  { url: 'https://fb.watch/', expect: 'unsupported_url' },
  // look-alikes and media hosts
  { url: `https://myfacebook.com/watch/?v=${ID}`, expect: other('video', null, `https://myfacebook.com/watch/?v=${ID}`) },
  { url: `https://facebook.com.verify-login.co/watch/?v=${ID}`, expect: other('video', null, `https://facebook.com.verify-login.co/watch/?v=${ID}`) },
  { url: 'https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com%2F', expect: other('video', null, 'https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com%2F') },
  { url: 'https://video.xx.fbcdn.net/v/t42.1790-2/1_n.mp4?_nc_cat=1&efg=abc', expect: other('video', null, 'https://video.xx.fbcdn.net/v/t42.1790-2/1_n.mp4?_nc_cat=1&efg=abc') },
];
