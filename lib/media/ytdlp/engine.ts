import 'server-only';

import { existsSync, lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { basename, join } from 'node:path';

import { config } from '@/lib/config';

/** Where an engine came from: our fetched copy, Debian 12's package (the fallback), or an operator's path. */
export type EngineSource = 'debian-unstable' | 'debian' | 'custom';

export interface EngineInstall {
  /** Changes exactly when the engine in use changes; the pool retires workers started on another key. */
  key: string;
  source: EngineSource;
  /** PYTHONPATH for the workers; none means the system's packaged yt_dlp. */
  pythonPath?: string;
  /** The version folder (ours only). */
  folder?: string;
  /** The engine folder it was found in: the packaged one or the data folder's (ours only). */
  root?: string;
  /** What the installer recorded (ours only). */
  version?: string;
  fetchedAt?: string;
  /** When `current` was last pointed at a version (ours only). */
  switchedAt?: Date;
}

const SITE_PACKAGES = join('usr', 'lib', 'python3', 'dist-packages');

export function engineDir(): string {
  return config().engineDir;
}

/**
 * The engine that set-up installed beside the code (the image's, or a bare machine's `engine/`): read-only at run
 * time and never hidden by what the data folder holds.
 */
export function packagedEngineDir(): string {
  return config().packagedEngineDir;
}

/** 2026.10.26.1 against 2026.10.26: numeric parts in order; a longer version wins a tie. */
export function compareEngineVersions(a: string, b: string): number {
  const parts = (v: string) => (v.match(/\d+/g) ?? []).map(Number);
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const diff = (x[i] ?? -1) - (y[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The version `current` points at in one engine folder, or null when that folder holds no runnable engine. */
function installedIn(dir: string): EngineInstall | null {
  const link = join(dir, 'current');
  let target: string;
  try {
    target = readlinkSync(link);
  } catch {
    return null;
  }
  const folder = join(dir, target);
  const pythonPath = join(folder, SITE_PACKAGES);
  if (!existsSync(join(pythonPath, 'yt_dlp', 'version.py'))) return null;
  let meta: { version?: string; fetchedAt?: string } = {};
  try {
    meta = JSON.parse(readFileSync(join(folder, 'engine.json'), 'utf8'));
  } catch {
    // an installed folder without its record still runs; health then asks the workers for the version
  }
  let switchedAt: Date | undefined;
  try {
    switchedAt = lstatSync(link).mtime;
  } catch {
    switchedAt = undefined;
  }
  return {
    key: `ours:${target}`, source: 'debian-unstable', pythonPath, folder, root: dir,
    version: meta.version, fetchedAt: meta.fetchedAt, switchedAt,
  };
}

/**
 * The engine the next worker should run: YTDLP_PYTHONPATH when an operator sets it, else the newer of the engine
 * installed with the code and the one updates put in the data folder (a volume mounted over the data folder, or a
 * DATA_DIR changed after set-up, can then never bring back an older engine), else Debian's packaged yt-dlp. Cheap
 * (two readlinks and two small reads), so the pool asks before every spawn and notices a switch at once.
 * With an explicit `dir`, only that folder (and `packagedDir` when given) is looked at.
 */
export function resolveEngine(options: { pythonPath?: string; dir?: string; packagedDir?: string | null } = {}): EngineInstall {
  const custom = options.pythonPath ?? config().env.YTDLP_PYTHONPATH;
  if (custom) return { key: `custom:${custom}`, source: 'custom', pythonPath: custom };
  const packaged = options.packagedDir !== undefined ? options.packagedDir : options.dir === undefined ? packagedEngineDir() : null;
  const dirs = [options.dir ?? engineDir(), packaged].filter((dir): dir is string => Boolean(dir));
  let best: EngineInstall | null = null;
  for (const dir of dirs) {
    const found = installedIn(dir);
    if (!found) continue;
    // The updates folder comes first and wins a tie: an equal version there is the same engine.
    if (!best || compareEngineVersions(versionOf(found), versionOf(best)) > 0) best = found;
  }
  return best ?? { key: 'debian', source: 'debian' };
}

/** What an installed engine is compared by: its recorded version, else its folder's name (the package version). */
function versionOf(install: EngineInstall): string {
  return install.version ?? (install.folder ? basename(install.folder) : '');
}

/** The challenge solver's library that Debian's yt-dlp ships for Deno (absent in old versions). */
export function solverLibrary(install: EngineInstall): string | null {
  const roots = install.pythonPath ? install.pythonPath.split(':') : ['/usr/lib/python3/dist-packages'];
  for (const root of roots) {
    const file = join(root, 'yt_dlp', 'extractor', 'youtube', 'jsc', '_builtin', 'vendor', 'yt.solver.deno.lib.js');
    if (existsSync(file)) return file;
  }
  return null;
}

/**
 * The Deno binary the npm `deno` package brought (its platform package holds it; npm here skips the postinstall
 * that would copy it into the `deno` package itself). DENO_PATH overrides.
 */
export function denoBinary(cwd = process.cwd()): string | null {
  const explicit = config().env.DENO_PATH;
  if (explicit) return existsSync(explicit) ? explicit : null;
  const arch = process.arch === 'x64' ? 'x64' : process.arch === 'arm64' ? 'arm64' : null;
  const candidates = [
    ...(arch && process.platform === 'linux' ? [join(cwd, 'node_modules', '@deno', `linux-${arch}-glibc`, 'deno')] : []),
    join(cwd, 'node_modules', 'deno', 'deno'),
  ];
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** bgutils-js's compiled code, which the PO token sandbox may read (and nothing else of ours beyond its own script). */
export function bgutilsDir(cwd = process.cwd()): string {
  return join(cwd, 'node_modules', 'bgutils-js', 'dist');
}

/** Our DENO_DIR: the solver library's npm packages are cached here at set-up, so solving needs no network. */
export function denoDir(dir = engineDir()): string {
  return join(dir, 'deno');
}

/** yt-dlp versions are release dates (2026.10.26, 2026.10.26.1): the engine's age in whole days. */
export function engineAgeDays(version: string | null | undefined, now = new Date()): number | null {
  const match = version?.match(/^(\d{4})\.(\d{2})\.(\d{2})/);
  if (!match) return null;
  const released = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(released)) return null;
  return Math.max(0, Math.floor((now.getTime() - released) / 86_400_000));
}
