import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { parseMpd } from './dash';
import { fillTemplate } from './dash-template';
import { parseIsoDuration } from './iso-duration';

const URL_ = 'https://cdn.example.com/v/manifest.mpd';
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return 'no error';
};
const mpd = (body: string, attrs = 'mediaPresentationDuration="PT10S"') =>
  `<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" ${attrs}>${body}</MPD>`;

describe('parseIsoDuration', () => {
  it('reads hours, minutes, fractional seconds and days', () => {
    expect(parseIsoDuration('PT1H2M3.5S')).toBe(3723.5);
    expect(parseIsoDuration('P1DT1S')).toBe(86_401);
    expect(parseIsoDuration('PT0.5S')).toBe(0.5);
    expect(parseIsoDuration('garbage')).toBeUndefined();
  });
});

describe('fillTemplate', () => {
  it('fills identifiers, printf widths and $$', () => {
    expect(fillTemplate('$RepresentationID$/$Bandwidth$/seg-$Number%05d$-$Time$$$.m4s', {
      representationId: 'v1', bandwidth: 500000, number: 42, time: 9000,
    })).toBe('v1/500000/seg-00042-9000$.m4s');
  });
});

describe('parseMpd', () => {
  it('counts $Number$ segments from mediaPresentationDuration, AdaptationSet template inherited', () => {
    const m = parseMpd(mpd(`<Period><AdaptationSet mimeType="video/mp4" codecs="avc1.64001f">
      <SegmentTemplate timescale="1000" duration="4000" startNumber="1" initialization="$RepresentationID$/init.mp4" media="$RepresentationID$/$Number%03d$.m4s"/>
      <Representation id="v720" bandwidth="2000000" width="1280" height="720" frameRate="30000/1001"/>
    </AdaptationSet></Period>`), URL_);
    const rep = m.representations[0];
    expect(rep.contentType).toBe('video');
    expect(rep.initialization).toEqual({ url: 'https://cdn.example.com/v/v720/init.mp4' });
    expect(rep.fragments.map((f) => f.url)).toEqual([
      'https://cdn.example.com/v/v720/001.m4s',
      'https://cdn.example.com/v/v720/002.m4s',
      'https://cdn.example.com/v/v720/003.m4s',
    ]);
    expect(rep.fragments.map((f) => f.duration)).toEqual([4, 4, 2]);
    expect(rep).toMatchObject({ mimeType: 'video/mp4', codecs: 'avc1.64001f', width: 1280, height: 720, fps: 29.97, bandwidth: 2_000_000 });
    expect(m.duration).toBe(10);
  });

  it('expands a SegmentTimeline with $Time$, t, d and r', () => {
    const m = parseMpd(mpd(`<Period><AdaptationSet contentType="audio" mimeType="audio/mp4">
      <Representation id="a" codecs="mp4a.40.2" bandwidth="128000">
        <SegmentTemplate timescale="48000" startNumber="5" media="a-$Time$.m4s" initialization="a-init.mp4">
          <SegmentTimeline><S t="0" d="96000" r="2"/><S d="48000"/></SegmentTimeline>
        </SegmentTemplate>
      </Representation></AdaptationSet></Period>`), URL_);
    const rep = m.representations[0];
    expect(rep.contentType).toBe('audio');
    expect(rep.fragments.map((f) => f.url.split('/').pop())).toEqual(['a-0.m4s', 'a-96000.m4s', 'a-192000.m4s', 'a-288000.m4s']);
    expect(rep.duration).toBe(7);
  });

  it('repeats r=-1 until the end of the period', () => {
    const m = parseMpd(mpd(`<Period duration="PT9S"><AdaptationSet mimeType="video/mp4">
      <SegmentTemplate timescale="1" media="s$Number$.m4s"><SegmentTimeline><S t="0" d="2" r="-1"/></SegmentTimeline></SegmentTemplate>
      <Representation id="v" bandwidth="1"/></AdaptationSet></Period>`, ''), URL_);
    expect(m.representations[0].fragments).toHaveLength(5);
    expect(m.representations[0].fragments[4].url).toBe('https://cdn.example.com/v/s5.m4s');
  });

  it('repeats r=-1 until the next S@t', () => {
    const m = parseMpd(mpd(`<Period><AdaptationSet mimeType="video/mp4">
      <SegmentTemplate media="$Time$.m4s"><SegmentTimeline><S t="0" d="2" r="-1"/><S t="6" d="4"/></SegmentTimeline></SegmentTemplate>
      <Representation id="v"/></AdaptationSet></Period>`), URL_);
    expect(m.representations[0].fragments.map((f) => f.url.split('/').pop())).toEqual(['0.m4s', '2.m4s', '4.m4s', '6.m4s']);
  });

  it('chains BaseURL through MPD, Period, AdaptationSet and Representation', () => {
    const m = parseMpd(mpd(`<BaseURL>https://media.example.net/root/</BaseURL><Period><BaseURL>p1/</BaseURL>
      <AdaptationSet mimeType="audio/mp4"><BaseURL>audio/</BaseURL>
      <Representation id="a"><BaseURL>track.m4a</BaseURL><SegmentBase indexRange="800-1000"/></Representation>
      </AdaptationSet></Period>`), URL_);
    const url = 'https://media.example.net/root/p1/audio/track.m4a';
    // SegmentBase indexRange: the file's sidx is read at download; the init segment is every byte before it.
    expect(m.representations[0].fragments).toEqual([{ url, duration: 10, index: { start: 800, end: 1000 } }]);
    expect(m.representations[0].initialization).toEqual({ url, range: { start: 0, end: 799 } });
  });

  it('reads a SegmentList with ranges and an initialization range', () => {
    const m = parseMpd(mpd(`<Period><AdaptationSet mimeType="video/mp4"><Representation id="v"><BaseURL>file.mp4</BaseURL>
      <SegmentList timescale="10" duration="50"><Initialization sourceURL="init.mp4" range="0-99"/>
      <SegmentURL mediaRange="100-199"/><SegmentURL media="part2.mp4" mediaRange="200-299"/></SegmentList>
      </Representation></AdaptationSet></Period>`), URL_);
    const rep = m.representations[0];
    expect(rep.initialization).toEqual({ url: 'https://cdn.example.com/v/init.mp4', range: { start: 0, end: 99 } });
    expect(rep.fragments).toEqual([
      { url: 'https://cdn.example.com/v/file.mp4', range: { start: 100, end: 199 }, duration: 5 },
      { url: 'https://cdn.example.com/v/part2.mp4', range: { start: 200, end: 299 }, duration: 5 },
    ]);
  });

  it('lets a Representation template override the AdaptationSet one', () => {
    const m = parseMpd(mpd(`<Period><AdaptationSet mimeType="video/mp4">
      <SegmentTemplate timescale="1" duration="5" media="set-$Number$.m4s"/>
      <Representation id="r1"/><Representation id="r2"><SegmentTemplate media="rep-$RepresentationID$-$Number$.m4s"/></Representation>
      </AdaptationSet></Period>`), URL_);
    expect(m.representations[0].fragments.map((f) => f.url.split('/').pop())).toEqual(['set-1.m4s', 'set-2.m4s']);
    expect(m.representations[1].fragments.map((f) => f.url.split('/').pop())).toEqual(['rep-r2-1.m4s', 'rep-r2-2.m4s']);
  });

  it('concatenates periods representation by representation', () => {
    const period = (n: number) => `<Period id="p${n}" duration="PT4S"><AdaptationSet mimeType="video/mp4">
      <SegmentTemplate timescale="1" duration="2" media="p${n}-$Number$.m4s"/><Representation id="v"/></AdaptationSet></Period>`;
    const m = parseMpd(mpd(period(1) + period(2), 'mediaPresentationDuration="PT8S"'), URL_);
    expect(m.representations).toHaveLength(1);
    expect(m.representations[0].fragments.map((f) => f.url.split('/').pop())).toEqual(['p1-1.m4s', 'p1-2.m4s', 'p2-1.m4s', 'p2-2.m4s']);
    expect(m.representations[0].duration).toBe(8);
  });

  it('handles namespace prefixes and keeps text tracks apart, never as media', () => {
    const m = parseMpd(`<mpd:MPD xmlns:mpd="urn:mpeg:dash:schema:mpd:2011" mediaPresentationDuration="PT2S"><mpd:Period>
      <mpd:AdaptationSet mimeType="text/vtt"><mpd:Representation id="t"><mpd:BaseURL>s.vtt</mpd:BaseURL></mpd:Representation></mpd:AdaptationSet>
      <mpd:AdaptationSet mimeType="audio/webm"><mpd:Representation id="o" codecs="opus"><mpd:BaseURL>a.webm</mpd:BaseURL></mpd:Representation></mpd:AdaptationSet>
      </mpd:Period></mpd:MPD>`, URL_);
    expect(m.representations.map((r) => r.id)).toEqual(['o']);
    expect(m.texts).toEqual([{ id: 't', mimeType: 'text/vtt', fragments: [{ url: 'https://cdn.example.com/v/s.vtt', duration: 2 }] }]);
  });

  it('marks type="dynamic" as live', () => {
    expect(parseMpd('<MPD type="dynamic"><Period/></MPD>', URL_).live).toBe(true);
  });

  it('refuses ContentProtection as DRM', () => {
    const xml = mpd(`<Period><AdaptationSet mimeType="video/mp4"><ContentProtection schemeIdUri="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"/>
      <Representation id="v"><BaseURL>v.mp4</BaseURL></Representation></AdaptationSet></Period>`);
    expect(code(() => parseMpd(xml, URL_))).toBe('drm_protected');
  });

  it('refuses non-MPD XML, entity declarations and a template without a known length', () => {
    expect(code(() => parseMpd('<html/>', URL_))).toBe('upstream_failed');
    expect(code(() => parseMpd('<!DOCTYPE x [<!ENTITY a "aaaa">]><MPD/>', URL_))).toBe('upstream_failed');
    const noLength = `<MPD><Period><AdaptationSet mimeType="video/mp4"><SegmentTemplate duration="2" media="$Number$.m4s"/><Representation id="v"/></AdaptationSet></Period></MPD>`;
    expect(code(() => parseMpd(noLength, URL_))).toBe('upstream_failed');
  });

  it('says no_media when no audio or video representation exists', () => {
    expect(code(() => parseMpd(mpd('<Period></Period>'), URL_))).toBe('no_media');
  });
});

describe('parseMpd — periods, roles, trick play', () => {
  const period = (id: string, start: string, codec: string) => `<Period id="${id}" start="${start}" duration="PT4S"><BaseURL>${id}/</BaseURL>
    <AdaptationSet mimeType="video/mp4" codecs="${codec}">
      <SegmentTemplate timescale="1000" duration="2000" initialization="init.mp4" media="$Number$.m4s"/>
      <Representation id="v" bandwidth="500000" width="320" height="180"/>
    </AdaptationSet></Period>`;

  it('keeps each period apart with its own init segment, and lists every fragment once', () => {
    const m = parseMpd(mpd(period('a', 'PT0S', 'avc1.42c00d') + period('b', 'PT4S', 'vp09.00.10.08'), 'mediaPresentationDuration="PT8S"'), URL_);
    const [video] = m.representations;
    expect(video.periods.map((p) => [p.initialization?.url, p.fragments.length])).toEqual([
      ['https://cdn.example.com/v/a/init.mp4', 2],
      ['https://cdn.example.com/v/b/init.mp4', 2],
    ]);
    expect(video.fragments).toHaveLength(4);
    expect(video.periodCodecs).toEqual(['avc1.42c00d', 'vp09.00.10.08']);
    expect(video.duration).toBe(8);
  });

  it('never offers a trick-play set, and ranks a commentary after the main track', () => {
    const m = parseMpd(mpd(`<Period>
      <AdaptationSet mimeType="video/mp4" codecs="avc1.42c00d"><SegmentTemplate duration="2" media="v$Number$.m4s"/>
        <Representation id="v" bandwidth="500000" height="180"/></AdaptationSet>
      <AdaptationSet mimeType="video/mp4" codecs="avc1.42c00d">
        <EssentialProperty schemeIdUri="http://dashif.org/guidelines/trickmode" value="1"/>
        <SegmentTemplate duration="2" media="t$Number$.m4s"/><Representation id="trick" bandwidth="50000" height="180"/></AdaptationSet>
      <AdaptationSet mimeType="audio/mp4" codecs="mp4a.40.2" lang="en"><Role schemeIdUri="urn:mpeg:dash:role:2011" value="commentary"/>
        <SegmentTemplate duration="2" media="c$Number$.m4s"/><Representation id="commentary" bandwidth="64000"/></AdaptationSet>
      <AdaptationSet mimeType="audio/mp4" codecs="mp4a.40.2" lang="en"><Role schemeIdUri="urn:mpeg:dash:role:2011" value="main"/>
        <SegmentTemplate duration="2" media="m$Number$.m4s"/><Representation id="main" bandwidth="64000"/></AdaptationSet>
    </Period>`), URL_);
    expect(m.representations.map((r) => [r.id, r.preference ?? 0])).toEqual([['v', 0], ['commentary', -1], ['main', 0]]);
  });
});
