// A follow with 500 downloaded episodes: its podcast feed is generated in ≤ 50 ms once warm (the store's pages and
// the process's code loaded), through the route handler a podcast app calls, on the default SQLite store.
//
//   flock /tmp/bench.lock npx vitest run -c vitest.bench.config.ts bench/podcast-feed.bench.ts
// Every episode is a ready kept download (its job row naming the stored file) with its chapters already read, a
// third of them with chapters; the feed lists all 500. Reported: the best and the median of 30 warm requests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GET as feedGet } from '@/app/api/podcast/[followId]/[token]/feed.xml/route';
import { closeDb, getDb } from '@/lib/db';
import { createFollow } from '@/lib/follows/follows-store';
import { followFiltersSchema } from '@/lib/follows/schemas';
import { insertJobRow } from '@/lib/jobs/job-rows';
import { setFeedMedia, setFeedToken } from '@/lib/podcast/feed-store';
import { hashFeedToken, newFeedToken } from '@/lib/podcast/tokens';

const EPISODES = 500;
const LIMIT_MS = 50;
const RUNS = 30;

let root: string;
let followId: string;
const token = newFeedToken();

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'grabline-bench-feed-'));
  Object.assign(process.env, { DATA_DIR: path.join(root, 'data'), DATABASE_URL: '' });
  const db = await getDb();
  const now = Date.now();
  await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['bench', 'bench@example.com', 'h', 1]);
  followId = (await createFollow(db, 'bench', {
    platform: 'youtube', channelUrl: 'https://www.youtube.com/channel/UCbenchbenchbenchbenchbe', feedId: null, name: 'Bench & <Co>',
    mode: 'auto', filters: followFiltersSchema.parse({}),
  }, now, 3_600_000)).id;
  await db.transaction(async (tx) => {
    for (let n = 0; n < EPISODES; n++) {
      const mediaId = `vid${String(n).padStart(8, '0')}`;
      const jobId = `dl_bench_${n}`;
      await insertJobRow(tx, {
        id: jobId, type: 'download', payload: {}, owner: 'bench', now, expiresAt: now + 86_400_000,
        state: { status: 'ready', progress: 100, message: 'Ready', result: { keptFile: { key: `${mediaId}:140`, title: `Episode ${n}`, ext: 'mp3' }, keepUntil: now + 86_400_000 } },
      });
      const chapters = n % 3 === 0 ? JSON.stringify([{ startTime: 0, title: 'Intro' }, { startTime: 60, title: 'Main' }]) : '[]';
      await tx.run(
        `INSERT INTO follow_uploads (follow_id, media_id, title, url, published_at, duration_s, state, download_id, bytes, chapters, seen_at)
         VALUES (?, ?, ?, ?, ?, ?, 'downloaded', ?, ?, ?, ?)`,
        [followId, mediaId, `Episode ${n}: "quotes" & <tags>`, `https://www.youtube.com/watch?v=${mediaId}`, now - n * 86_400_000, 600 + n, jobId, 5_000_000 + n, chapters, now],
      );
    }
  });
  await setFeedToken(db, followId, hashFeedToken(token), now);
  await setFeedMedia(db, followId, 'audio', now);
});
afterAll(async () => {
  await closeDb();
  rmSync(root, { recursive: true, force: true });
});

async function requestFeed(): Promise<string> {
  const req = new NextRequest(`http://127.0.0.1:3000/api/podcast/${followId}/${token}/feed.xml`);
  const res = await feedGet(req, { params: Promise.resolve({ followId, token }) });
  if (res.status !== 200) throw new Error(`feed answered ${res.status}`);
  return res.text();
}

it(`generates the feed of a follow with ${EPISODES} episodes in ≤ ${LIMIT_MS} ms warm`, async () => {
  const first = await requestFeed();
  expect(first.match(/<item>/g)).toHaveLength(EPISODES);
  expect(first.match(/<podcast:chapters /g)).toHaveLength(Math.ceil(EPISODES / 3));
  for (let i = 0; i < 5; i++) await requestFeed();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await requestFeed();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)];
  console.log(`\n### Podcast feed, ${EPISODES} episodes (${first.length} bytes)\n| best | median | worst | target |\n|---|---|---|---|\n| ${times[0].toFixed(1)} ms | ${median.toFixed(1)} ms | ${times[RUNS - 1].toFixed(1)} ms | ≤ ${LIMIT_MS} ms |\n`);
  expect(median).toBeLessThanOrEqual(LIMIT_MS);
});
