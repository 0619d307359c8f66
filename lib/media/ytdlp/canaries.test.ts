import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDb, type Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { dbEngines } from '@/test/db-engines';

import { platformOutage, runCanaries, startCanaries, type CanaryRun } from './canaries';
import { createYtdlpPool, type YtdlpPool } from './pool';
import { startTestSite, type TestSite } from './test-site';

// Two engine versions in a test engine folder, both Debian's packaged yt_dlp: what differs between them is only
// which one `current` names, which is all the pool and the canaries look at.
let work: string;
let site: TestSite;
let db: Db;
let pool: YtdlpPool;

function version(name: string): void {
  const dir = join(work, 'versions', name, 'usr', 'lib', 'python3', 'dist-packages');
  mkdirSync(dir, { recursive: true });
  symlinkSync('/usr/lib/python3/dist-packages/yt_dlp', join(dir, 'yt_dlp'));
  writeFileSync(join(work, 'versions', name, 'engine.json'), JSON.stringify({ version: '2023.03.04', package: name }));
}

function point(name: string): void {
  symlinkSync(`versions/${name}`, join(work, '.tmp-link'));
  // rename over the old link, as the installer does
  renameSync(join(work, '.tmp-link'), join(work, 'current'));
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'grabline-canaries-'));
  version('a');
  version('b');
  point('a');
  site = await startTestSite();
  process.env.MEDIA_FETCH_ALLOW = new URL(site.origin).host;
  db = await createDb({ sqlitePath: ':memory:' });
  pool = createYtdlpPool({ size: 1, engineDir: work, engineCheckMs: 50 });
});

afterAll(async () => {
  await pool?.close();
  await db?.close();
  await site?.close();
  delete process.env.MEDIA_FETCH_ALLOW;
  rmSync(work, { recursive: true, force: true });
});

describe('platform canaries', () => {
  it('store each platform\'s verdict, and roll the engine back when one that passed fails after a switch', async () => {
    const canaries: Record<string, string[]> = { tiktok: [`${site.origin}/video.mp4`], instagram: [`${site.origin}/video.mp4?ig`] };
    const rollbacks: string[] = [];
    const runs: CanaryRun[] = [];
    const scheduler = startCanaries({
      db: async () => db, pool, canaries: () => canaries, intervalMs: () => 3_600_000, engineCheckMs: 50,
      rollBack: async (reason) => {
        rollbacks.push(reason);
        point('a');
        return true;
      },
      onRun: (run) => runs.push(run),
    });
    try {
      const first = await scheduler.run();
      expect(first?.results.tiktok).toMatchObject({ ok: true, code: null, failingSince: null, engine: 'ours:versions/a' });
      expect(first?.regressions).toEqual([]);
      expect(await platformOutage(db, 'tiktok')).toBeNull();

      // The new engine arrives and TikTok's canary now fails: the scheduler notices the switch by itself.
      canaries.tiktok = [`${site.origin}/missing.mp4`];
      point('b');
      const deadline = Date.now() + 20_000;
      while (rollbacks.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rollbacks).toEqual(['canaries passed before and fail on ours:versions/b: tiktok']);
      const afterSwitch = runs.find((run) => run.regressions.length > 0)!;
      expect(afterSwitch.results.tiktok).toMatchObject({ ok: false, code: 'content_unavailable', engine: 'ours:versions/b' });
      expect(afterSwitch.results.instagram).toMatchObject({ ok: true });
      const since = await platformOutage(db, 'tiktok');
      expect(Date.parse(since!)).not.toBeNaN();

      // Still failing on the next run: the outage keeps its start, and nothing rolls back again.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = await scheduler.run();
      expect(again?.results.tiktok).toMatchObject({ ok: false, failingSince: since, engine: 'ours:versions/a' });
      expect(again?.regressions).toEqual([]);
      expect(rollbacks).toHaveLength(1);

      canaries.tiktok = [`${site.origin}/video.mp4`];
      expect((await scheduler.run())?.results.tiktok).toMatchObject({ ok: true, failingSince: null });
      expect(await platformOutage(db, 'tiktok')).toBeNull();
    } finally {
      scheduler.stop();
    }
  }, 60_000);

  it('does nothing when no canary is configured', async () => {
    const scheduler = startCanaries({ db: async () => db, pool, canaries: () => ({}) });
    expect(await scheduler.run()).toBeNull();
    scheduler.stop();
  });
});

describe.each(dbEngines())('canary store on $name', ({ create }) => {
  it('keeps one row per platform: the outage keeps its start until a pass clears it', async () => {
    const store = await create();
    let now = Date.UTC(2026, 10, 25, 14, 0);
    let failing = true;
    const fake = {
      state: () => ({ engine: { key: 'ours:versions/x' } }),
      extract: async () => {
        if (failing) throw new AppError('bot_check', 'x');
        return {};
      },
    } as unknown as YtdlpPool;
    try {
      const first = await runCanaries({ db: store, pool: fake, canaries: { youtube: ['https://www.youtube.com/watch?v=a'] }, now: () => now });
      expect(first.results.youtube).toMatchObject({ ok: false, code: 'bot_check', failingSince: '2026-11-25T14:00:00.000Z', checkedAt: '2026-11-25T14:00:00.000Z' });
      now += 3_600_000;
      await runCanaries({ db: store, pool: fake, canaries: { youtube: ['https://www.youtube.com/watch?v=a'] }, now: () => now });
      expect(await platformOutage(store, 'youtube')).toBe('2026-11-25T14:00:00.000Z');
      failing = false;
      const passed = await runCanaries({ db: store, pool: fake, canaries: { youtube: ['https://www.youtube.com/watch?v=a'] }, now: () => now });
      expect(passed.results.youtube).toMatchObject({ ok: true, code: null, failingSince: null, checkedAt: '2026-11-25T15:00:00.000Z' });
      expect(await platformOutage(store, 'youtube')).toBeNull();
      expect(await platformOutage(store, 'tiktok')).toBeNull();
    } finally {
      await store.close();
    }
  });
});
