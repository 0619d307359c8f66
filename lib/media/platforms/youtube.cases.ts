import { recognitionOf, type UrlCase } from './url-case';

const yt = recognitionOf('youtube');
const other = recognitionOf('generic');
const ID = 'dQw4w9WgXcQ';
const WATCH = `https://www.youtube.com/watch?v=${ID}`;
const LIST = 'PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf';
const PLAYLIST = `https://www.youtube.com/playlist?list=${LIST}`;
const CHANNEL_ID = 'UC_x5XG1OV2P6uZZ5FSM9Ttw';

export const youtubeCases: UrlCase[] = [
  // watch pages, every host
  { url: `https://www.youtube.com/watch?v=${ID}`, expect: yt('video', ID, WATCH) },
  { url: `http://youtube.com/watch?v=${ID}`, expect: yt('video', ID, WATCH) },
  { url: `https://m.youtube.com/watch?v=${ID}&feature=share`, expect: yt('video', ID, WATCH) },
  { url: `https://music.youtube.com/watch?v=${ID}&si=abc123`, expect: yt('video', ID, WATCH) },
  { url: `https://gaming.youtube.com/watch?v=${ID}`, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube.com/watch/?v=${ID}`, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube.com/watch?app=desktop&v=${ID}`, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube.com/watch?v=${ID}&t=42s`, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube.com/watch?v=${ID}#t=1m`, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube.com/watch?v=${ID}&list=${LIST}&index=3`, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube.com/watch?v=${ID}&utm_source=newsletter&utm_medium=email`, expect: yt('video', ID, WATCH) },
  { url: `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`, expect: yt('video', ID, WATCH) },
  { url: `youtube.com/watch?v=${ID}`, expect: yt('video', ID, WATCH) },
  { url: `www.youtube.com/watch?v=${ID}`, expect: yt('video', ID, WATCH) },
  { url: `  https://www.youtube.com/watch?v=${ID}  `, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube.com./watch?v=${ID}`, expect: yt('video', ID, WATCH) },
  { url: `//www.youtube.com/watch?v=${ID}`, expect: yt('video', ID, WATCH) },
  { url: `youtube.com:443/watch?v=${ID}`, expect: yt('video', ID, WATCH) },
  { url: 'https://www.youtube.com/watch?v=jNQXAC9IVRw', expect: yt('video', 'jNQXAC9IVRw', 'https://www.youtube.com/watch?v=jNQXAC9IVRw') },
  { url: 'https://www.youtube.com/watch?v=_-_-_-_-_-_', expect: yt('video', '_-_-_-_-_-_', 'https://www.youtube.com/watch?v=_-_-_-_-_-_') },
  // youtu.be
  { url: `https://youtu.be/${ID}`, expect: yt('video', ID, WATCH) },
  { url: `https://youtu.be/${ID}?si=Xy12_abcDEF`, expect: yt('video', ID, WATCH) },
  { url: `https://youtu.be/${ID}?t=30`, expect: yt('video', ID, WATCH) },
  { url: `https://youtu.be/${ID}/`, expect: yt('video', ID, WATCH) },
  { url: `youtu.be/${ID}`, expect: yt('video', ID, WATCH) },
  { url: `https://YOUTU.BE/${ID}?list=${LIST}`, expect: yt('video', ID, WATCH) },
  // shorts, live, embeds, old player paths
  { url: `https://www.youtube.com/shorts/${ID}`, expect: yt('short', ID, `https://www.youtube.com/shorts/${ID}`) },
  { url: `https://youtube.com/shorts/${ID}?feature=share`, expect: yt('short', ID, `https://www.youtube.com/shorts/${ID}`) },
  { url: `https://m.youtube.com/shorts/${ID}/`, expect: yt('short', ID, `https://www.youtube.com/shorts/${ID}`) },
  { url: `https://www.youtube.com/live/${ID}?si=abc`, expect: yt('live', ID, `https://www.youtube.com/live/${ID}`) },
  { url: `https://m.youtube.com/live/${ID}?feature=share`, expect: yt('live', ID, `https://www.youtube.com/live/${ID}`) },
  { url: `https://www.youtube.com/embed/${ID}`, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube.com/embed/${ID}?autoplay=1&start=10`, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube-nocookie.com/embed/${ID}`, expect: yt('video', ID, WATCH) },
  { url: `https://youtube-nocookie.com/embed/${ID}?rel=0`, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube.com/v/${ID}`, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube.com/e/${ID}`, expect: yt('video', ID, WATCH) },
  { url: `https://www.youtube.com/embed/videoseries?list=${LIST}`, expect: yt('playlist', LIST, PLAYLIST) },
  {
    url: `https://www.youtube.com/embed/live_stream?channel=${CHANNEL_ID}`,
    expect: yt('live', CHANNEL_ID, `https://www.youtube.com/channel/${CHANNEL_ID}/live`),
  },
  { url: `https://www.youtube.com/attribution_link?a=x&u=%2Fwatch%3Fv%3D${ID}%26feature%3Dshare`, expect: yt('video', ID, WATCH) },
  // playlists
  { url: `https://www.youtube.com/playlist?list=${LIST}`, expect: yt('playlist', LIST, PLAYLIST) },
  { url: `https://music.youtube.com/playlist?list=${LIST}&si=abc`, expect: yt('playlist', LIST, PLAYLIST) },
  { url: `https://www.youtube.com/watch?list=${LIST}`, expect: yt('playlist', LIST, PLAYLIST) },
  { url: 'https://www.youtube.com/playlist?list=WL', expect: yt('playlist', 'WL', 'https://www.youtube.com/playlist?list=WL') },
  {
    url: 'https://music.youtube.com/playlist?list=OLAK5uy_kC2mpGQ6zBVpJzwZDzQgWvIRu1bOZbQnE',
    expect: yt('playlist', 'OLAK5uy_kC2mpGQ6zBVpJzwZDzQgWvIRu1bOZbQnE', 'https://www.youtube.com/playlist?list=OLAK5uy_kC2mpGQ6zBVpJzwZDzQgWvIRu1bOZbQnE'),
  },
  // channels
  { url: 'https://www.youtube.com/@MrBeast', expect: yt('channel', '@MrBeast', 'https://www.youtube.com/@MrBeast') },
  { url: 'youtube.com/@MrBeast/', expect: yt('channel', '@MrBeast', 'https://www.youtube.com/@MrBeast') },
  { url: 'https://www.youtube.com/@MrBeast/videos', expect: yt('channel', '@MrBeast', 'https://www.youtube.com/@MrBeast/videos') },
  { url: 'https://www.youtube.com/@MrBeast/shorts', expect: yt('channel', '@MrBeast', 'https://www.youtube.com/@MrBeast/shorts') },
  { url: 'https://www.youtube.com/@MrBeast/streams', expect: yt('channel', '@MrBeast', 'https://www.youtube.com/@MrBeast/streams') },
  { url: 'https://www.youtube.com/@MrBeast/featured', expect: yt('channel', '@MrBeast', 'https://www.youtube.com/@MrBeast') },
  { url: 'https://www.youtube.com/@MrBeast/live', expect: yt('live', '@MrBeast', 'https://www.youtube.com/@MrBeast/live') },
  { url: 'https://m.youtube.com/@google.dev-team?si=x', expect: yt('channel', '@google.dev-team', 'https://www.youtube.com/@google.dev-team') },
  { url: 'https://www.youtube.com/@%D9%82%D9%86%D8%A7%D8%A9', expect: yt('channel', '@قناة', 'https://www.youtube.com/@%D9%82%D9%86%D8%A7%D8%A9') },
  { url: `https://www.youtube.com/channel/${CHANNEL_ID}`, expect: yt('channel', CHANNEL_ID, `https://www.youtube.com/channel/${CHANNEL_ID}`) },
  { url: `https://www.youtube.com/channel/${CHANNEL_ID}/videos?view=0`, expect: yt('channel', CHANNEL_ID, `https://www.youtube.com/channel/${CHANNEL_ID}/videos`) },
  { url: 'https://www.youtube.com/c/GoogleDevelopers', expect: yt('channel', 'GoogleDevelopers', 'https://www.youtube.com/c/GoogleDevelopers') },
  { url: 'https://www.youtube.com/user/Google/videos', expect: yt('channel', 'Google', 'https://www.youtube.com/user/Google/videos') },
  // our hosts, no media shape
  { url: 'https://www.youtube.com/', expect: 'unsupported_url' },
  { url: 'https://www.youtube.com/feed/subscriptions', expect: 'unsupported_url' },
  { url: 'https://www.youtube.com/about', expect: 'unsupported_url' },
  { url: 'https://www.youtube.com/results?search_query=cats', expect: 'unsupported_url' },
  { url: 'https://www.youtube.com/watch?v=tooShort', expect: 'unsupported_url' },
  { url: `https://www.youtube.com/watch?v=${ID}X`, expect: 'unsupported_url' },
  { url: `https://www.youtube.com/watch?v=bad!id!1234&list=${LIST}`, expect: 'unsupported_url' },
  { url: 'https://www.youtube.com/shorts/', expect: 'unsupported_url' },
  { url: 'https://youtu.be/', expect: 'unsupported_url' },
  { url: 'https://www.youtube.com/channel/NotAChannelId', expect: 'unsupported_url' },
  { url: 'https://www.youtube.com/@a', expect: 'unsupported_url' },
  { url: 'https://www.youtube.com/attribution_link?u=https%3A%2F%2Fevil.example%2Fwatch%3Fv%3DdQw4w9WgXcQ', expect: 'unsupported_url' },
  // look-alikes and media hosts are not YouTube pages
  { url: `https://youtube.com.evil.com/watch?v=${ID}`, expect: other('video', null, `https://youtube.com.evil.com/watch?v=${ID}`) },
  { url: `https://notyoutube.com/watch?v=${ID}`, expect: other('video', null, `https://notyoutube.com/watch?v=${ID}`) },
  { url: `https://youtube.co.evil/watch?v=${ID}`, expect: other('video', null, `https://youtube.co.evil/watch?v=${ID}`) },
  { url: `https://youtube.com@evil.com/watch?v=${ID}`, expect: null },
  { url: `https://i.ytimg.com/vi/${ID}/hqdefault.jpg`, expect: other('video', null, `https://i.ytimg.com/vi/${ID}/hqdefault.jpg`) },
];
