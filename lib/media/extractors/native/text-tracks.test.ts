import { describe, expect, it } from 'vitest';
import { parseMpd } from '@/lib/media/formats/dash';
import { parseHlsPlaylist, type HlsMaster } from '@/lib/media/formats/hls';
import { dashTextTracks, hlsTextTracks } from './text-tracks';

const BASE = 'https://cdn.example.com/show/master.m3u8';

describe('text tracks of a manifest', () => {
  it('HLS: every SUBTITLES rendition with a URI in a group a variant names, with its language and name', () => {
    const master = parseHlsPlaylist([
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="English (CC)",LANGUAGE="en",DEFAULT=YES,URI="en.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="Deutsch",LANGUAGE="de",URI="de.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="unused",NAME="Orphan",LANGUAGE="it",URI="it.m3u8"',
      '#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC1",INSTREAM-ID="CC1"',
      '#EXT-X-STREAM-INF:BANDWIDTH=1000000,SUBTITLES="s",CLOSED-CAPTIONS="cc"',
      'v.m3u8',
      '',
    ].join('\n'), BASE) as HlsMaster;
    expect(hlsTextTracks(master)).toEqual([
      { id: 'sub-en', language: 'en', label: 'English (CC)', protocol: 'hls', url: 'https://cdn.example.com/show/en.m3u8', format: 'vtt', isDefault: true },
      { id: 'sub-de', language: 'de', label: 'Deutsch', protocol: 'hls', url: 'https://cdn.example.com/show/de.m3u8', format: 'vtt' },
    ]);
  });

  it('DASH: WebVTT files and wvtt segments are read; TTML files and stpp are not offered', () => {
    const mpd = `<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT10S">
      <Period><AdaptationSet mimeType="video/mp4" codecs="avc1.64001f"><Representation id="v" bandwidth="1" width="640" height="360"><BaseURL>v.mp4</BaseURL></Representation></AdaptationSet>
      <AdaptationSet contentType="text" mimeType="text/vtt" lang="en"><Representation id="t1" bandwidth="1"><BaseURL>en.vtt</BaseURL></Representation></AdaptationSet>
      <AdaptationSet contentType="text" mimeType="application/mp4" codecs="wvtt" lang="fr"><Label>Français</Label>
        <SegmentTemplate timescale="1000" duration="5000" initialization="fr-init.mp4" media="fr-$Number$.m4s"/><Representation id="t2" bandwidth="1"/></AdaptationSet>
      <AdaptationSet contentType="text" mimeType="application/mp4" codecs="stpp" lang="de">
        <SegmentTemplate timescale="1000" duration="5000" initialization="de-init.mp4" media="de-$Number$.m4s"/><Representation id="t3" bandwidth="1"/></AdaptationSet>
      <AdaptationSet contentType="text" mimeType="application/ttml+xml" lang="es"><Representation id="t4" bandwidth="1"><BaseURL>es.ttml</BaseURL></Representation></AdaptationSet>
      </Period></MPD>`;
    const url = 'https://cdn.example.com/show/manifest.mpd';
    const tracks = dashTextTracks(parseMpd(mpd, url).texts, url);
    expect(tracks.map((t) => [t.id, t.language, t.label, t.format, t.fragments?.length])).toEqual([
      ['sub-en', 'en', 'en', 'vtt', 1],
      ['sub-fr', 'fr', 'Français', 'wvtt', 2],
    ]);
    expect(tracks[1].initialization?.url).toBe('https://cdn.example.com/show/fr-init.mp4');
  });
});
