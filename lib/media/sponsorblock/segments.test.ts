import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { allowOrigins, startLoopbackServer, type LoopbackServer } from '@/lib/net/loopback-server.testkit';
import { answerSkipSegments, STUB_VIDEO_ID } from '@/test/fixtures/sponsorblock-stub';
import { sponsorChoice } from './categories';
import { fetchSponsorSegments, hashPrefix, segmentsOf } from './segments';

let stub: LoopbackServer;
let behaviour: 'answer' | 'slow' | 'broken' = 'answer';

beforeAll(async () => {
  stub = await startLoopbackServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    if (behaviour === 'slow') return void setTimeout(() => answerSkipSegments(req, res), 2_000);
    if (behaviour === 'broken') return void res.writeHead(502).end('bad gateway');
    if (!answerSkipSegments(req, res)) res.writeHead(404).end();
  });
});
afterAll(() => stub.close());
afterEach(() => {
  behaviour = 'answer';
  vi.unstubAllEnvs();
});

const pointAtStub = (extra: Record<string, string> = {}) => {
  allowOrigins(stub.hostPort);
  vi.stubEnv('SPONSORBLOCK_URL', stub.origin);
  for (const [name, value] of Object.entries(extra)) vi.stubEnv(name, value);
};

describe('SponsorBlock segments', () => {
  it('are asked by the first 4 hex digits of the id’s SHA-256, never by the id, with the categories as JSON', async () => {
    pointAtStub();
    const answer = await fetchSponsorSegments(STUB_VIDEO_ID, ['sponsor', 'selfpromo', 'interaction']);
    expect(answer).toEqual({ ok: true, segments: [
      { category: 'sponsor', start: 5, end: 8 }, { category: 'interaction', start: 12.5, end: 13.5 }, { category: 'selfpromo', start: 17, end: 18 },
    ] });
    const asked = new URL(stub.requests.at(-1)!.url!, stub.origin);
    expect(asked.pathname).toBe(`/api/skipSegments/${hashPrefix(STUB_VIDEO_ID)}`);
    expect(asked.pathname).toMatch(/^\/api\/skipSegments\/[0-9a-f]{4}$/);
    expect(stub.requests.at(-1)!.url).not.toContain(STUB_VIDEO_ID);
    expect(JSON.parse(asked.searchParams.get('categories')!)).toEqual(['sponsor', 'selfpromo', 'interaction']);
  });

  it('keep only the asked video’s skip segments in the asked categories', () => {
    const body = [
      { videoID: 'someoneElse', segments: [{ category: 'sponsor', segment: [1, 2], actionType: 'skip' }] },
      { videoID: STUB_VIDEO_ID, segments: [
        { category: 'sponsor', segment: [3, 4], actionType: 'skip' }, { category: 'sponsor', segment: [6, 5] },
        { category: 'music_offtopic', segment: [7, 8], actionType: 'mute' }, { category: 'intro', segment: [0, 1] },
      ] },
    ];
    expect(segmentsOf(body, STUB_VIDEO_ID, ['sponsor', 'music_offtopic'])).toEqual([{ category: 'sponsor', start: 3, end: 4 }]);
    expect(segmentsOf({ not: 'an array' }, STUB_VIDEO_ID, ['sponsor'])).toEqual([]);
  });

  it('a video SponsorBlock does not know (404) has none', async () => {
    pointAtStub();
    expect(await fetchSponsorSegments('aaaaaaaaaaa', ['sponsor'])).toEqual({ ok: true, segments: [] });
  });

  it('down or slow, the answer says so within the timeout, and never throws', async () => {
    pointAtStub({ SPONSORBLOCK_TIMEOUT_MS: '300' });
    behaviour = 'slow';
    const started = Date.now();
    expect(await fetchSponsorSegments(STUB_VIDEO_ID, ['sponsor'])).toEqual({ ok: false, reason: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(1_500);
    behaviour = 'broken';
    expect(await fetchSponsorSegments(STUB_VIDEO_ID, ['sponsor'])).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('SPONSORBLOCK=off asks nobody', async () => {
    pointAtStub({ SPONSORBLOCK: 'off' });
    const before = stub.requests.length;
    expect(await fetchSponsorSegments(STUB_VIDEO_ID, ['sponsor'])).toEqual({ ok: false, reason: 'off' });
    expect(stub.requests.length).toBe(before);
  });

  it('a choice lists categories once, in order; removing wins over marking', () => {
    expect(sponsorChoice(['interaction', 'sponsor', 'sponsor'], ['sponsor', 'intro'])).toEqual({ mark: ['interaction'], remove: ['sponsor', 'intro'] });
  });
});
