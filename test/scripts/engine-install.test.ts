import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createYtdlpPool, type YtdlpPool } from '@/lib/media/ytdlp/pool';
import { startTestSite, type TestSite } from '@/lib/media/ytdlp/test-site';

import { publish as publishPackages, runScript, SYSTEM_YTDLP, writeSources, type PackageSpec } from './engine-repo.testkit';

const skip = existsSync(SYSTEM_YTDLP) ? '' : "Debian's packaged yt-dlp is not installed (scripts/setup.sh installs it)";

let work: string;
let repo: string;
let engineDir: string;
let sources: string;
let site: TestSite;

const publish = (versions: PackageSpec[]) => publishPackages(work, repo, versions);

function env(): NodeJS.ProcessEnv {
  // No packaged engine beside the code: the folder under test is the only one.
  return { ...process.env, GRABLINE_ENGINE_DIR: engineDir, GRABLINE_PACKAGED_ENGINE_DIR: path.join(engineDir, 'no-packaged-engine'), ENGINE_APT_SOURCES: sources };
}

const run = (script: string, args: string[] = []) => runScript(script, args, env());

const current = () => readlinkSync(path.join(engineDir, 'current'));
const lastUpdate = () => JSON.parse(readFileSync(path.join(engineDir, 'update.json'), 'utf8')) as { result: string; message: string };

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'grabline-engine-install-'));
  repo = path.join(work, 'repo');
  engineDir = path.join(work, 'engine');
  sources = path.join(work, 'debian.sources');
  writeSources(sources, repo);
  site = await startTestSite();
  process.env.MEDIA_FETCH_ALLOW = new URL(site.origin).host;
}, 60_000);

afterAll(async () => {
  await site?.close();
  delete process.env.MEDIA_FETCH_ALLOW;
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(Boolean(skip))('scripts/engine-install.sh and npm run engine:update', () => {
  let pool: YtdlpPool;

  it('falls back to the packaged yt-dlp, and says so, when the suite carries none', async () => {
    await publish([]);
    const result = await run('engine-install.sh');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("FALLBACK: no newer yt-dlp could be fetched; Debian's packaged yt-dlp");
    expect(existsSync(path.join(engineDir, 'current'))).toBe(false);
    // the private configuration took the suite's address from the entry and asked for unstable, not bookworm
    expect(readFileSync(path.join(engineDir, 'apt', 'sources.list.d', 'engine.sources'), 'utf8'))
      .toBe(`Types: deb\nURIs: file:${repo}\nSuites: unstable\nComponents: main\nTrusted: yes\n`);
  }, 120_000);

  it('installs into a versioned folder through the private apt configuration and switches current', async () => {
    await publish([{ version: '2023.03.04-90', broken: false }]);
    const result = await run('engine-update.sh');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('switched to yt-dlp 2023.03.04 (2023.03.04-90)');
    expect(current()).toBe('versions/2023.03.04-90');
    expect(JSON.parse(readFileSync(path.join(engineDir, 'current', 'engine.json'), 'utf8')))
      .toMatchObject({ version: '2023.03.04', package: '2023.03.04-90', source: 'debian-unstable', suite: 'unstable' });
    expect(existsSync(path.join(engineDir, 'versions', '2023.03.04-90', 'usr', 'lib', 'python3', 'dist-packages', 'yt_dlp', 'YoutubeDL.py'))).toBe(true);
    expect(existsSync(path.join(engineDir, 'apt', 'lists'))).toBe(true);
    expect(lastUpdate().result).toBe('switched');
  }, 120_000);

  it('fetches nothing into an empty data folder while the packaged engine is as new (a fresh volume)', async () => {
    const volume = path.join(work, 'fresh-volume');
    const result = await runScript('engine-update.sh', [], { ...env(), GRABLINE_ENGINE_DIR: volume, GRABLINE_PACKAGED_ENGINE_DIR: engineDir });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`up to date: the packaged engine 2023.03.04-90 (${engineDir}) is current`);
    expect(result.stdout).toContain('current — the packaged engine is the newest engine; nothing changed');
    expect(readdirSync(path.join(volume, 'versions'))).toEqual([]);
    expect(existsSync(path.join(volume, 'current'))).toBe(false);
  }, 120_000);

  it('says current on a second run and changes nothing', async () => {
    const before = { link: lstatSync(path.join(engineDir, 'current')).mtimeMs, versions: readdirSync(path.join(engineDir, 'versions')) };
    const result = await run('engine-update.sh');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('current — versions/2023.03.04-90 is the newest engine; nothing changed');
    expect(lstatSync(path.join(engineDir, 'current')).mtimeMs).toBe(before.link);
    expect(readdirSync(path.join(engineDir, 'versions'))).toEqual(before.versions);
    expect((await run('engine-install.sh', ['--if-stale'])).stderr).toContain('installed: 2023.03.04');
  }, 120_000);

  it('rolls back a broken engine package while the pool keeps serving', async () => {
    pool = createYtdlpPool({ size: 1, engineDir, engineCheckMs: 100 });
    expect(await pool.version()).toBe('2023.03.04');
    await publish([{ version: '2023.03.04-90', broken: false }, { version: '2099.01.01-1', broken: true }]);
    const serving = Promise.all(Array.from({ length: 5 }, () => pool.extract(`${site.origin}/video.mp4`)));
    const result = await run('engine-update.sh');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('2099.01.01-1 failed its smoke test: the worker did not start on it: RuntimeError: broken engine package');
    expect(result.stdout).toContain('kept versions/2023.03.04-90');
    expect(current()).toBe('versions/2023.03.04-90');
    expect(existsSync(path.join(engineDir, 'versions', '2099.01.01-1'))).toBe(false);
    expect(lastUpdate()).toMatchObject({ result: 'rolled_back' });
    expect((await serving).every((info) => info.extractor_key === 'Generic')).toBe(true);
    expect((await pool.extract(`${site.origin}/video.mp4`)).extractor_key).toBe('Generic');
    expect(pool.state().restarts).toBe(0);
    await pool.close();
  }, 180_000);

  it('a switch reaches a running pool: busy workers finish on the old engine, new ones start on the new', async () => {
    const other = path.join(engineDir, 'versions', '2023.03.04-91');
    cpSync(path.join(engineDir, 'versions', '2023.03.04-90'), other, { recursive: true });
    writeFileSync(path.join(other, 'engine.json'), JSON.stringify({ version: '2023.03.04', package: '2023.03.04-91', source: 'debian-unstable' }));
    pool = createYtdlpPool({ size: 1, engineDir, engineCheckMs: 50 });
    try {
      pool.warm();
      expect((await pool.extract(`${site.origin}/video.mp4`)).extractor_key).toBe('Generic');
      const keyBefore = pool.state().engine.key;
      const inFlight = pool.extract(`${site.origin}/slow.mp4`).catch((error: unknown) => error);
      expect((await run('engine-install.sh', ['--switch', other])).code).toBe(0);
      expect(current()).toBe('versions/2023.03.04-91');
      const info = await inFlight;
      expect(info).not.toBeInstanceOf(Error); // the analysis in flight was not failed by the switch
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(pool.state().engine.key).not.toBe(keyBefore);
      expect((await pool.extract(`${site.origin}/video.mp4`)).extractor_key).toBe('Generic');
      expect(pool.state()).toMatchObject({ restarts: 0, engine: { draining: 0 } });
      expect(readlinkSync(path.join(engineDir, 'previous'))).toBe('versions/2023.03.04-90');
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('is safe to run concurrently: one of them installs the newer version, the others find it current', async () => {
    rmSync(path.join(repo, 'pool', 'yt-dlp_2099.01.01-1_all.deb'));
    await publish([{ version: '2023.03.04-95', broken: false }]);
    const results = await Promise.all([run('engine-install.sh'), run('engine-update.sh'), run('engine-install.sh'), run('engine-update.sh')]);
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    expect(current()).toBe('versions/2023.03.04-95');
    expect(results.map((r) => r.stderr + r.stdout).filter((text) => /fetched yt-dlp 2023\.03\.04 \(yt-dlp 2023\.03\.04-95/.test(text))).toHaveLength(1);
    expect(readdirSync(path.join(engineDir, 'versions')).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(statSync(path.join(engineDir, 'current')).isDirectory()).toBe(true);
  }, 180_000);
});
