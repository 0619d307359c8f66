// A follow with 500 entries in its library folder (media-server layout: each episode's file, NFO and thumbnail, by
// season): the start-up scan — every recorded file looked at, rows whose file is gone removed, the follow's keep
// policy applied — takes ≤ 1 s, on the default SQLite store.
//
//   flock /tmp/bench.lock npx vitest run -c vitest.bench.config.ts bench/library-scan.bench.ts
// 25 of the 500 files are deleted by hand before the first scan (their rows go), and the follow keeps its newest 450
// uploads (25 more go, with their NFO and thumbnail). Reported: that first scan, then the best and median of 10
// scans with nothing left to remove; the reference is a bare lstat of every file, in the same batches.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { lstat, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDb, getDb } from '@/lib/db';
import { createFollow } from '@/lib/follows/follows-store';
import { followFiltersSchema } from '@/lib/follows/schemas';
import { listFollowEntries, recordEntry } from '@/lib/library/library-store';
import { scanLibrary } from '@/lib/library/scan';

const ENTRIES = 500;
const GONE = 25;
const KEEP = 450;
const LIMIT_MS = 1000;
const RUNS = 10;

let root: string;
let library: string;
let followId: string;
const relPaths: string[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'grabline-bench-library-'));
  library = path.join(root, 'library');
  Object.assign(process.env, { DATA_DIR: path.join(root, 'data'), DATABASE_URL: '', LIBRARY_DIR: library });
  const db = await getDb();
  const now = Date.now();
  await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['bench', 'bench@example.com', 'h', 1]);
  followId = (await createFollow(db, 'bench', {
    platform: 'youtube', channelUrl: 'https://www.youtube.com/channel/UCbenchbenchbenchbenchbe', feedId: null, name: 'Bench',
    mode: 'auto', filters: followFiltersSchema.parse({}), library: { template: null, layout: 'media-server', keep: { kind: 'last', count: KEEP } },
  }, now, 3_600_000)).id;
  const bytes = Buffer.alloc(64 * 1024, 1);
  for (let n = 0; n < ENTRIES; n++) {
    const published = Date.UTC(2020, 0, 1) + n * 86_400_000;
    const season = `Season ${new Date(published).getUTCFullYear()}`;
    const stem = `${new Date(published).toISOString().slice(0, 10)} Episode ${n} [vid${n}]`;
    const folder = path.join(library, 'bench', 'Bench', season);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${stem}.mp4`), bytes);
    writeFileSync(path.join(folder, `${stem}.nfo`), '<episodedetails/>');
    writeFileSync(path.join(folder, `${stem}-thumb.jpg`), bytes.subarray(0, 4096));
    const rel = ['bench', 'Bench', season, `${stem}.mp4`].join('/');
    relPaths.push(rel);
    await recordEntry(db, {
      user_id: 'bench', follow_id: followId, media_id: `vid${n}`, platform: 'youtube', rel_path: rel, size: bytes.length, mime: 'video/mp4',
      title: `Episode ${n}`, description: '', published_at: published, duration_s: 600, thumb_rel_path: ['bench', 'Bench', season, `${stem}-thumb.jpg`].join('/'),
      season: new Date(published).getUTCFullYear(), episode: n + 1, created_at: now,
    });
  }
  // Files deleted by hand while the server was down: spread over the library, none among the oldest 50.
  for (let n = 0; n < GONE; n++) await rm(path.join(library, ...relPaths[ENTRIES - 1 - n * 18].split('/')));
});
afterAll(async () => {
  await closeDb();
  rmSync(root, { recursive: true, force: true });
});

async function lstatAll(): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < relPaths.length; i += 32) {
    await Promise.all(relPaths.slice(i, i + 32).map((rel) => lstat(path.join(library, ...rel.split('/'))).catch(() => undefined)));
  }
  return performance.now() - started;
}

it(`scans a follow's library of ${ENTRIES} entries at start-up in ≤ ${LIMIT_MS} ms`, async () => {
  const db = await getDb();
  const started = performance.now();
  const first = await scanLibrary(db, library);
  const firstMs = performance.now() - started;
  expect(first).toEqual({ entries: ENTRIES - GONE, missing: GONE, pruned: ENTRIES - GONE - KEEP });
  expect(await listFollowEntries(db, followId)).toHaveLength(KEEP);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const again = performance.now();
    expect(await scanLibrary(db, library)).toEqual({ entries: KEEP, missing: 0, pruned: 0 });
    times.push(performance.now() - again);
  }
  times.sort((a, b) => a - b);
  const reference = Math.min(await lstatAll(), await lstatAll());
  const median = times[Math.floor(RUNS / 2)];
  console.log(`[library-scan] ${ENTRIES} entries: first scan (${GONE} missing, ${ENTRIES - GONE - KEEP} pruned with their files) ${firstMs.toFixed(1)} ms; `
    + `then best ${times[0].toFixed(1)} ms, median ${median.toFixed(1)} ms; bare lstat of ${ENTRIES} files ${reference.toFixed(1)} ms (ratio ${(median / reference).toFixed(1)}×)`);
  expect(firstMs).toBeLessThanOrEqual(LIMIT_MS);
  expect(median).toBeLessThanOrEqual(LIMIT_MS);
});
