import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createYtdlpPool } from '@/lib/media/ytdlp/pool';
import { startTestSite, type TestSite } from '@/lib/media/ytdlp/test-site';

import { publish, runScript, SYSTEM_YTDLP, writeSources } from './engine-repo.testkit';

// npm run engine:update with the operator's platform canaries: fixture canaries on the local test site, and a
// candidate engine that passes the smoke test but fails the canary's link (the test double for a platform it broke).
const skip = existsSync(SYSTEM_YTDLP) ? '' : "Debian's packaged yt-dlp is not installed (scripts/setup.sh installs it)";

let work: string;
let repo: string;
let engineDir: string;
let sources: string;
let site: TestSite;
let canaries: string;

const run = () => runScript('engine-update.sh', [], {
  ...process.env, GRABLINE_ENGINE_DIR: engineDir, GRABLINE_PACKAGED_ENGINE_DIR: path.join(engineDir, 'no-packaged-engine'), ENGINE_APT_SOURCES: sources, PLATFORM_CANARIES: canaries,
});
const current = () => readlinkSync(path.join(engineDir, 'current'));
const lastUpdate = () => JSON.parse(readFileSync(path.join(engineDir, 'update.json'), 'utf8')) as { result: string; message: string };

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'grabline-engine-canaries-'));
  repo = path.join(work, 'repo');
  engineDir = path.join(work, 'engine');
  sources = path.join(work, 'debian.sources');
  writeSources(sources, repo);
  site = await startTestSite();
  process.env.MEDIA_FETCH_ALLOW = new URL(site.origin).host;
  // tiktok's canary analyses; instagram's is a link that fails on every engine (it must not block an update).
  canaries = JSON.stringify({ tiktok: [`${site.origin}/video.mp4`], instagram: [`${site.origin}/no-such-video.mp4`] });
}, 60_000);

afterAll(async () => {
  await site?.close();
  delete process.env.MEDIA_FETCH_ALLOW;
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(Boolean(skip))('npm run engine:update runs the platform canaries', () => {
  it('switches when no canary that passes today fails on the new engine, and says how each platform fared', async () => {
    await publish(work, repo, [{ version: '2023.03.04-90', broken: false }]);
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("canary tiktok: passes on Debian's packaged yt-dlp, passes on 2023.03.04-90");
    expect(result.stdout).toMatch(/canary instagram: fails \(\w+\) on Debian's packaged yt-dlp, fails \(\w+\) on 2023\.03\.04-90/);
    expect(current()).toBe('versions/2023.03.04-90');
    expect(lastUpdate().result).toBe('switched');
  }, 240_000);

  it('keeps the engine in use when a canary that passes today fails on the new one, while the pool keeps serving', async () => {
    const pool = createYtdlpPool({ size: 1, engineDir, engineCheckMs: 100 });
    try {
      expect((await pool.extract(`${site.origin}/video.mp4`)).extractor_key).toBe('Generic');
      await publish(work, repo, [{ version: '2023.03.04-92', broken: 'canary' }]);
      const serving = Promise.all(Array.from({ length: 3 }, () => pool.extract(`${site.origin}/video.mp4`)));
      const result = await run();
      expect(result.code).toBe(1);
      // the double passed its smoke test: only the canary stopped it
      expect(result.stdout).not.toContain('failed its smoke test');
      expect(result.stdout).toMatch(/canary tiktok: passes on versions\/2023\.03\.04-90, fails \(\w+\) on 2023\.03\.04-92/);
      expect(result.stdout).toMatch(/2023\.03\.04-92 broke platform canaries that pass today: tiktok \(\w+\)/);
      expect(result.stdout).toContain('kept versions/2023.03.04-90; the failed version was removed');
      expect(current()).toBe('versions/2023.03.04-90');
      expect(existsSync(path.join(engineDir, 'versions', '2023.03.04-92'))).toBe(false);
      expect(lastUpdate()).toMatchObject({ result: 'rolled_back', message: expect.stringContaining('tiktok') });
      expect((await serving).every((info) => info.extractor_key === 'Generic')).toBe(true);
      expect((await pool.extract(`${site.origin}/video.mp4`)).extractor_key).toBe('Generic');
      expect(pool.state().restarts).toBe(0);
    } finally {
      await pool.close();
    }
  }, 240_000);
});
