import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { compareEngineVersions, denoDir, resolveEngine } from './engine';

const root = mkdtempSync(path.join(tmpdir(), 'grabline-engines-'));
afterEach(() => vi.unstubAllEnvs());
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An engine folder as engine-install.sh leaves it: versions/<package>/ with yt_dlp and engine.json, `current`. */
function engineFolder(name: string, version: string | null): string {
  const dir = path.join(root, name);
  if (version === null) {
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  const folder = path.join(dir, 'versions', `${version}-1`);
  mkdirSync(path.join(folder, 'usr/lib/python3/dist-packages/yt_dlp'), { recursive: true });
  writeFileSync(path.join(folder, 'usr/lib/python3/dist-packages/yt_dlp/version.py'), `__version__ = '${version}'\n`);
  writeFileSync(path.join(folder, 'engine.json'), JSON.stringify({ version, package: `${version}-1` }));
  symlinkSync(`versions/${version}-1`, path.join(dir, 'current'));
  return dir;
}

describe('the engine in use', () => {
  it('compares yt-dlp versions by their numbers', () => {
    expect(compareEngineVersions('2026.10.26', '2026.09.30')).toBeGreaterThan(0);
    expect(compareEngineVersions('2026.10.26.1', '2026.10.26')).toBeGreaterThan(0);
    expect(compareEngineVersions('2023.03.04', '2026.10.26')).toBeLessThan(0);
    expect(compareEngineVersions('2026.10.26', '2026.10.26')).toBe(0);
  });

  it('is the packaged engine when the data folder is empty — a fresh volume mounted over it', () => {
    const packaged = engineFolder('packaged-only', '2026.10.26');
    const data = engineFolder('empty-volume', null);
    vi.stubEnv('GRABLINE_ENGINE_DIR', data);
    vi.stubEnv('GRABLINE_PACKAGED_ENGINE_DIR', packaged);
    const engine = resolveEngine();
    expect(engine).toMatchObject({ source: 'debian-unstable', version: '2026.10.26', root: packaged });
    expect(denoDir(engine.root)).toBe(path.join(packaged, 'deno'));
  });

  it('is the packaged engine when the volume holds an older one — a newer image is never shadowed', () => {
    const packaged = engineFolder('newer-image', '2026.10.26');
    const data = engineFolder('old-volume', '2026.06.01');
    vi.stubEnv('GRABLINE_ENGINE_DIR', data);
    vi.stubEnv('GRABLINE_PACKAGED_ENGINE_DIR', packaged);
    expect(resolveEngine()).toMatchObject({ version: '2026.10.26', root: packaged });
  });

  it('is the data folder\'s update when it is newer than the packaged one', () => {
    const packaged = engineFolder('old-image', '2026.10.26');
    const data = engineFolder('updated', '2026.11.20');
    vi.stubEnv('GRABLINE_ENGINE_DIR', data);
    vi.stubEnv('GRABLINE_PACKAGED_ENGINE_DIR', packaged);
    const engine = resolveEngine();
    expect(engine).toMatchObject({ version: '2026.11.20', root: data });
    // The key names the version folder, wherever it lies: the same version in either folder is the same engine.
    expect(engine.key).toBe('ours:versions/2026.11.20-1');
  });

  it('follows DATA_DIR changed after set-up: the packaged engine is still found', () => {
    const packaged = engineFolder('set-up', '2026.10.26');
    vi.stubEnv('DATA_DIR', path.join(root, 'moved-data'));
    vi.stubEnv('GRABLINE_PACKAGED_ENGINE_DIR', packaged);
    expect(resolveEngine()).toMatchObject({ version: '2026.10.26', root: packaged });
  });

  it('falls back to Debian\'s packaged yt-dlp only when neither folder holds an engine', () => {
    vi.stubEnv('GRABLINE_ENGINE_DIR', engineFolder('none-a', null));
    vi.stubEnv('GRABLINE_PACKAGED_ENGINE_DIR', engineFolder('none-b', null));
    expect(resolveEngine()).toEqual({ key: 'debian', source: 'debian' });
  });

  it('looks only at an explicit folder when one is given (the canaries compare one folder\'s versions)', () => {
    const packaged = engineFolder('explicit-packaged', '2026.11.01');
    const data = engineFolder('explicit-data', '2026.10.01');
    vi.stubEnv('GRABLINE_PACKAGED_ENGINE_DIR', packaged);
    expect(resolveEngine({ dir: data })).toMatchObject({ version: '2026.10.01' });
    expect(resolveEngine({ dir: data, packagedDir: packaged })).toMatchObject({ version: '2026.11.01' });
  });
});
