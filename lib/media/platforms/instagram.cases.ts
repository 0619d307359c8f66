import { recognitionOf, type UrlCase } from './url-case';

const ig = recognitionOf('instagram');
const other = recognitionOf('generic');
const CODE = 'CxYz1AbC_dE';
const POST = `https://www.instagram.com/p/${CODE}/`;
const REEL = `https://www.instagram.com/reel/${CODE}/`;

export const instagramCases: UrlCase[] = [
  { url: `https://www.instagram.com/p/${CODE}/`, expect: ig('post', CODE, POST) },
  { url: `https://instagram.com/p/${CODE}`, expect: ig('post', CODE, POST) },
  { url: `https://www.instagram.com/p/${CODE}/?igsh=MWQ1ZGUxMzBkMA==`, expect: ig('post', CODE, POST) },
  { url: `https://www.instagram.com/p/${CODE}/?igshid=YmMyMTA2M2Y=&img_index=2`, expect: ig('post', CODE, POST) },
  { url: `https://www.instagram.com/p/${CODE}/?utm_source=ig_web_copy_link`, expect: ig('post', CODE, POST) },
  { url: `HTTPS://WWW.INSTAGRAM.COM/p/${CODE}/`, expect: ig('post', CODE, POST) },
  { url: `instagram.com/p/${CODE}/`, expect: ig('post', CODE, POST) },
  { url: `https://m.instagram.com/p/${CODE}/`, expect: ig('post', CODE, POST) },
  { url: `https://instagr.am/p/${CODE}/`, expect: ig('post', CODE, POST) },
  { url: `https://www.instagram.com/p/${CODE}/embed/captioned/`, expect: ig('post', CODE, POST) },
  { url: `https://www.instagram.com/natgeo/p/${CODE}/`, expect: ig('post', CODE, POST) },
  { url: `https://www.instagram.com/p/${CODE}/#comments`, expect: ig('post', CODE, POST) },
  // reels and IGTV
  { url: `https://www.instagram.com/reel/${CODE}/`, expect: ig('reel', CODE, REEL) },
  { url: `https://www.instagram.com/reel/${CODE}/?igsh=abc123`, expect: ig('reel', CODE, REEL) },
  { url: `https://www.instagram.com/reels/${CODE}/`, expect: ig('reel', CODE, REEL) },
  { url: `https://www.instagram.com/natgeo/reel/${CODE}/`, expect: ig('reel', CODE, REEL) },
  { url: `instagram.com/reel/${CODE}`, expect: ig('reel', CODE, REEL) },
  { url: `https://www.instagram.com/tv/${CODE}/`, expect: ig('video', CODE, `https://www.instagram.com/tv/${CODE}/`) },
  // stories
  {
    url: 'https://www.instagram.com/stories/natgeo/3145678901234567890/',
    expect: ig('story', '3145678901234567890', 'https://www.instagram.com/stories/natgeo/3145678901234567890/'),
  },
  {
    url: 'https://www.instagram.com/stories/NatGeo/3145678901234567890?utm_source=ig_story_item_share',
    expect: ig('story', '3145678901234567890', 'https://www.instagram.com/stories/natgeo/3145678901234567890/'),
  },
  { url: 'https://www.instagram.com/stories/natgeo/', expect: ig('story', 'natgeo', 'https://www.instagram.com/stories/natgeo/') },
  {
    url: 'https://www.instagram.com/stories/highlights/17895364512345678/',
    expect: ig('story', '17895364512345678', 'https://www.instagram.com/stories/highlights/17895364512345678/'),
  },
  // share links keep their code
  { url: 'https://www.instagram.com/share/BAbc123xyz', expect: ig('post', 'BAbc123xyz', 'https://www.instagram.com/share/BAbc123xyz/') },
  { url: 'https://www.instagram.com/share/p/BAbc123xyz/', expect: ig('post', 'BAbc123xyz', 'https://www.instagram.com/share/p/BAbc123xyz/') },
  { url: 'https://www.instagram.com/share/reel/BAbc123xyz/?igsh=x', expect: ig('reel', 'BAbc123xyz', 'https://www.instagram.com/share/reel/BAbc123xyz/') },
  // profiles
  { url: 'https://www.instagram.com/natgeo/', expect: ig('channel', 'natgeo', 'https://www.instagram.com/natgeo/') },
  { url: 'https://www.instagram.com/NatGeo', expect: ig('channel', 'natgeo', 'https://www.instagram.com/natgeo/') },
  { url: 'https://www.instagram.com/nat.geo_travel/?hl=en', expect: ig('channel', 'nat.geo_travel', 'https://www.instagram.com/nat.geo_travel/') },
  { url: 'https://www.instagram.com/natgeo/reels/', expect: ig('channel', 'natgeo', 'https://www.instagram.com/natgeo/') },
  { url: 'https://www.instagram.com/natgeo/tagged/', expect: ig('channel', 'natgeo', 'https://www.instagram.com/natgeo/') },
  // our hosts, no media shape
  { url: 'https://www.instagram.com/', expect: 'unsupported_url' },
  { url: 'https://www.instagram.com/explore/', expect: 'unsupported_url' },
  { url: 'https://www.instagram.com/explore/tags/cats/', expect: 'unsupported_url' },
  { url: 'https://www.instagram.com/accounts/login/', expect: 'unsupported_url' },
  { url: 'https://www.instagram.com/direct/inbox/', expect: 'unsupported_url' },
  { url: 'https://www.instagram.com/reels/', expect: 'unsupported_url' },
  { url: 'https://www.instagram.com/p/', expect: 'unsupported_url' },
  { url: 'https://www.instagram.com/p/ab/', expect: 'unsupported_url' },
  { url: 'https://www.instagram.com/constructor/p/', expect: 'unsupported_url' },
  { url: 'https://www.instagram.com/stories/natgeo/not-an-id/', expect: 'unsupported_url' },
  { url: 'https://www.instagram.com/natgeo/followers/', expect: 'unsupported_url' },
  // look-alikes and media hosts
  { url: `https://fakeinstagram.com/p/${CODE}/`, expect: other('video', null, `https://fakeinstagram.com/p/${CODE}/`) },
  { url: `https://instagram.com.login-check.io/p/${CODE}/`, expect: other('video', null, `https://instagram.com.login-check.io/p/${CODE}/`) },
  {
    url: 'https://scontent.cdninstagram.com/v/t51.2885-15/1_n.jpg?stp=dst-jpg&_nc_ht=x&oh=00_AbC&oe=65F0',
    expect: other('video', null, 'https://scontent.cdninstagram.com/v/t51.2885-15/1_n.jpg?stp=dst-jpg&_nc_ht=x&oh=00_AbC&oe=65F0'),
  },
];
