import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { parseAttributeList } from './hls-attributes';
import { parseHlsPlaylist, type HlsMaster, type HlsMedia } from './hls';

const BASE = 'https://cdn.example.com/show/master.m3u8';
const master = (text: string) => parseHlsPlaylist(text, BASE) as HlsMaster;
const media = (text: string) => parseHlsPlaylist(text, BASE) as HlsMedia;
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return 'no error';
};

const MASTER = `#EXTM3U
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English, main",LANGUAGE="en",DEFAULT=YES,URI="audio/en.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Français",LANGUAGE="fr",DEFAULT=NO,URI="audio/fr.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",URI="subs/en.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=2500000,AVERAGE-BANDWIDTH=2200000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=29.970,AUDIO="aud"
720/index.m3u8
#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=100000,URI="iframe.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aud"
https://other.example.com/360.m3u8
`;

describe('parseHlsPlaylist — master', () => {
  it('reads every variant attribute, commas inside quoted CODECS included', () => {
    const m = master(MASTER);
    expect(m.type).toBe('master');
    expect(m.variants).toHaveLength(2);
    expect(m.variants[0]).toEqual({
      url: 'https://cdn.example.com/show/720/index.m3u8',
      bandwidth: 2_500_000,
      averageBandwidth: 2_200_000,
      resolution: { width: 1280, height: 720 },
      codecs: 'avc1.64001f,mp4a.40.2',
      frameRate: 29.97,
      audioGroup: 'aud',
    });
  });

  it('keeps absolute variant URLs and ignores I-frame playlists', () => {
    const m = master(MASTER);
    expect(m.variants[1].url).toBe('https://other.example.com/360.m3u8');
    expect(m.variants.some((v) => v.url.includes('iframe'))).toBe(false);
  });

  it('reads audio and subtitle renditions with names containing commas', () => {
    const m = master(MASTER);
    expect(m.media).toHaveLength(3);
    expect(m.media[0]).toEqual({
      type: 'AUDIO', groupId: 'aud', name: 'English, main', language: 'en', default: true, autoselect: false,
      uri: 'https://cdn.example.com/show/audio/en.m3u8',
    });
    expect(m.media[1].default).toBe(false);
    expect(m.media[2].type).toBe('SUBTITLES');
  });

  it('keeps a muxed audio rendition without URI', () => {
    const m = master('#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="main"\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n');
    expect(m.media[0].uri).toBeUndefined();
  });

  it('drops variants whose URI is not http(s)', () => {
    const m = master('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nfile:///etc/passwd\n#EXT-X-STREAM-INF:BANDWIDTH=2\nok.m3u8\n');
    expect(m.variants.map((v) => v.url)).toEqual(['https://cdn.example.com/show/ok.m3u8']);
  });

  it('refuses a master whose session key is a DRM system', () => {
    const text = '#EXTM3U\n#EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://key",KEYFORMAT="com.apple.streamingkeydelivery"\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n';
    expect(code(() => master(text))).toBe('drm_protected');
  });
});

describe('parseHlsPlaylist — media', () => {
  const VOD = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:6
#EXT-X-MEDIA-SEQUENCE:7
#EXTINF:6.0,
seg0.ts
#EXTINF:6.000,title, with comma
seg1.ts
#EXTINF:3.5,
/abs/seg2.ts
#EXT-X-ENDLIST
`;

  it('resolves segments, durations and sequence numbers', () => {
    const m = media(VOD);
    expect(m.type).toBe('media');
    expect(m.segments.map((s) => s.url)).toEqual([
      'https://cdn.example.com/show/seg0.ts',
      'https://cdn.example.com/show/seg1.ts',
      'https://cdn.example.com/abs/seg2.ts',
    ]);
    expect(m.segments.map((s) => s.sequence)).toEqual([7, 8, 9]);
    expect(m.duration).toBeCloseTo(15.5);
    expect(m.targetDuration).toBe(6);
    expect(m.endList).toBe(true);
  });

  it('reports a playlist without EXT-X-ENDLIST as live', () => {
    expect(media(VOD.replace('#EXT-X-ENDLIST', '')).endList).toBe(false);
  });

  it('treats PLAYLIST-TYPE:VOD as ended', () => {
    expect(media('#EXTM3U\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:1,\na.ts\n').endList).toBe(true);
  });

  it('reads EXT-X-BYTERANGE with and without offsets', () => {
    const m = media('#EXTM3U\n#EXTINF:2,\n#EXT-X-BYTERANGE:1000@0\nall.mp4\n#EXTINF:2,\n#EXT-X-BYTERANGE:500\nall.mp4\n#EXTINF:2,\n#EXT-X-BYTERANGE:10@9000\nall.mp4\n#EXT-X-ENDLIST\n');
    expect(m.segments.map((s) => s.byteRange)).toEqual([
      { start: 0, end: 999 },
      { start: 1000, end: 1499 },
      { start: 9000, end: 9009 },
    ]);
  });

  it('reads EXT-X-MAP with a byte range', () => {
    const m = media('#EXTM3U\n#EXT-X-MAP:URI="init.mp4",BYTERANGE="720@0"\n#EXTINF:4,\nseg.m4s\n#EXT-X-ENDLIST\n');
    expect(m.map).toEqual({ url: 'https://cdn.example.com/show/init.mp4', range: { start: 0, end: 719 } });
  });

  it('marks AES-128 segments with their key and IV', () => {
    const m = media('#EXTM3U\n#EXTINF:4,\nclear.ts\n#EXT-X-KEY:METHOD=AES-128,URI="keys/k1",IV=0x0123456789abcdef0123456789abcdef\n#EXTINF:4,\nenc.ts\n#EXT-X-KEY:METHOD=NONE\n#EXTINF:4,\nclear2.ts\n#EXT-X-ENDLIST\n');
    expect(m.segments[0].key).toBeUndefined();
    expect(m.segments[1].key).toEqual({ method: 'AES-128', uri: 'https://cdn.example.com/show/keys/k1', iv: '0x0123456789abcdef0123456789abcdef' });
    expect(m.segments[2].key).toBeUndefined();
    expect(m.key?.uri).toBe('https://cdn.example.com/show/keys/k1');
  });

  it('refuses SAMPLE-AES segments as DRM', () => {
    const text = '#EXTM3U\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://x"\n#EXTINF:4,\na.ts\n#EXT-X-ENDLIST\n';
    expect(code(() => media(text))).toBe('drm_protected');
  });

  it('accepts identity AES-128 offered beside a DRM key format', () => {
    const text = '#EXTM3U\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://x",KEYFORMAT="com.apple.streamingkeydelivery"\n#EXT-X-KEY:METHOD=AES-128,URI="k.bin"\n#EXTINF:4,\na.ts\n#EXT-X-ENDLIST\n';
    expect(media(text).segments[0].key?.method).toBe('AES-128');
  });

  it('accepts CRLF line endings and a BOM', () => {
    const m = media('\uFEFF#EXTM3U\r\n#EXTINF:2,\r\na.ts\r\n#EXT-X-ENDLIST\r\n');
    expect(m.segments).toHaveLength(1);
  });

  it('refuses text that is not a playlist', () => {
    expect(code(() => parseHlsPlaylist('<html></html>', BASE))).toBe('upstream_failed');
  });

  it('says no_media for a playlist without segments or variants', () => {
    expect(code(() => parseHlsPlaylist('#EXTM3U\n#EXT-X-ENDLIST\n', BASE))).toBe('no_media');
  });
});

describe('parseAttributeList', () => {
  it('handles quoted commas, unquoted values and unterminated quotes', () => {
    expect(parseAttributeList('A=1,B="x,y",C=0x1F')).toEqual({ A: '1', B: 'x,y', C: '0x1F' });
    expect(parseAttributeList('A="unterminated, value')).toEqual({ A: 'unterminated, value' });
    expect(parseAttributeList(',,,=,')).toEqual({});
  });
});
