import { recognitionOf, shortLink, type UrlCase } from './url-case';

const other = recognitionOf('generic');

// Any http(s) URL that is not a platform page, and everything that is not an http(s) URL at all (null).
export const genericCases: UrlCase[] = [
  { url: 'https://example.com/video.mp4', expect: other('video', null, 'https://example.com/video.mp4') },
  { url: 'HTTPS://EXAMPLE.COM/Video.MP4', expect: other('video', null, 'https://example.com/Video.MP4') },
  { url: 'example.com/video.mp4', expect: other('video', null, 'https://example.com/video.mp4') },
  { url: 'www.example.com', expect: other('video', null, 'https://www.example.com/') },
  { url: 'http://example.com/a.mp4', expect: other('video', null, 'http://example.com/a.mp4') },
  { url: 'https://example.com./a.mp4', expect: other('video', null, 'https://example.com/a.mp4') },
  { url: 'https://example.com:443/a.mp4', expect: other('video', null, 'https://example.com/a.mp4') },
  { url: 'example.com:8080/live/master.m3u8', expect: other('video', null, 'https://example.com:8080/live/master.m3u8') },
  { url: 'https://example.com/page#section', expect: other('video', null, 'https://example.com/page') },
  {
    url: 'https://example.com/watch?id=7&utm_source=x&UTM_Campaign=y&fbclid=1&gclid=2&igshid=3&igsh=4&si=5&feature=6&share_id=7',
    expect: other('video', null, 'https://example.com/watch?id=7'),
  },
  { url: 'https://example.com/?utm_source=x', expect: other('video', null, 'https://example.com/') },
  // kept byte for byte: re-encoding would break signatures
  {
    url: 'https://cdn.example.net/v.mp4?Expires=1700000000&Signature=a/b+c==&Key-Pair-Id=K2&utm_medium=x',
    expect: other('video', null, 'https://cdn.example.net/v.mp4?Expires=1700000000&Signature=a/b+c==&Key-Pair-Id=K2'),
  },
  { url: 'https://vimeo.com/76979871', expect: other('video', null, 'https://vimeo.com/76979871') },
  { url: 'https://bücher.example/film.webm', expect: other('video', null, 'https://xn--bcher-kva.example/film.webm') },
  { url: 'http://93.184.216.34/clip.mp4', expect: other('video', null, 'http://93.184.216.34/clip.mp4') },
  // not an http(s) URL
  { url: '', expect: null },
  { url: '   ', expect: null },
  { url: 'javascript:alert(1)', expect: null },
  { url: 'JavaScript:alert(document.cookie)', expect: null },
  { url: 'file:///etc/passwd', expect: null },
  { url: 'ftp://example.com/video.mp4', expect: null },
  { url: 'data:text/html,<script>alert(1)</script>', expect: null },
  { url: 'mailto:someone@example.com', expect: null },
  // Shorteners of sites we do not name: followed before analysis like the platforms' own.
  { url: 'https://pin.it/4AbCdEf', expect: shortLink(other('video', null, 'https://pin.it/4AbCdEf')) },
  { url: 'on.soundcloud.com/aBc12', expect: shortLink(other('video', null, 'https://on.soundcloud.com/aBc12')) },
  { url: 'https://pin.it/', expect: other('video', null, 'https://pin.it/') },
  { url: 'blob:https://example.com/1234', expect: null },
  { url: 'ws://example.com/socket', expect: null },
  { url: 'garbage', expect: null },
  { url: 'not a url', expect: null },
  { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ and more', expect: null },
  { url: 'https://', expect: null },
  { url: 'https://localhost/video.mp4', expect: null },
  { url: 'localhost:3000/video.mp4', expect: null },
  { url: 'http://[::1]/video.mp4', expect: null },
  { url: 'https://user:pass@example.com/a.mp4', expect: null },
  { url: 'http//youtube.com/watch?v=dQw4w9WgXcQ', expect: null },
  { url: 'https://exa_mple..com/', expect: null },
  { url: 'https://-bad-.com/', expect: null },
  { url: `https://example.com/${'a'.repeat(9000)}`, expect: null },
];
