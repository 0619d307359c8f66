/**
 * A stand-in for Debian's unstable suite, for the engine scripts' tests: a local repository whose yt-dlp packages are
 * built from Debian 12's own yt_dlp (a working engine), from a copy that breaks on import, or from a copy that passes
 * the smoke test but fails the test site's `video.mp4` (a platform it broke). No network.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
export const SYSTEM_YTDLP = '/usr/lib/python3/dist-packages/yt_dlp';

export type Breakage = 'import' | 'canary';
export interface PackageSpec { version: string; broken: boolean | Breakage }

// Appended to YoutubeDL.py: every link naming video.mp4 fails as an extractor regression would.
const BREAKS_CANARY = `
_grabline_extract_info = YoutubeDL.extract_info


def _grabline_broken_extract_info(self, url, *args, **kwargs):
    if 'video.mp4' in str(url):
        raise DownloadError('ERROR: [generic] Unable to extract video data')
    return _grabline_extract_info(self, url, *args, **kwargs)


YoutubeDL.extract_info = _grabline_broken_extract_info
`;

function buildPackage(work: string, { version, broken }: PackageSpec): void {
  const root = path.join(work, `pkg-${version}`);
  const target = path.join(root, 'usr', 'lib', 'python3', 'dist-packages', 'yt_dlp');
  cpSync(SYSTEM_YTDLP, target, { recursive: true, filter: (src) => !src.includes('__pycache__') });
  if (broken === true || broken === 'import') {
    writeFileSync(path.join(target, 'extractor', '__init__.py'), 'raise RuntimeError("broken engine package")\n', { flag: 'a' });
  }
  if (broken === 'canary') writeFileSync(path.join(target, 'YoutubeDL.py'), BREAKS_CANARY, { flag: 'a' });
  mkdirSync(path.join(root, 'DEBIAN'));
  writeFileSync(path.join(root, 'DEBIAN', 'control'),
    `Package: yt-dlp\nVersion: ${version}\nArchitecture: all\nMaintainer: Test <test@example.invalid>\nDescription: test double\n`);
}

/** Builds the packages not built yet into `repo`/pool and writes the index apt reads. */
export async function publish(work: string, repo: string, versions: PackageSpec[]): Promise<void> {
  const pool = path.join(repo, 'pool');
  mkdirSync(pool, { recursive: true });
  for (const spec of versions) {
    const deb = path.join(pool, `yt-dlp_${spec.version}_all.deb`);
    if (existsSync(deb)) continue;
    buildPackage(work, spec);
    await exec('dpkg-deb', ['--root-owner-group', '-Zgzip', '-b', path.join(work, `pkg-${spec.version}`), deb]);
  }
  // The index apt reads, written the way dpkg-scanpackages would (dpkg-dev is not on every machine; dpkg-deb is).
  const stanzas: string[] = [];
  for (const name of readdirSync(pool).filter((file) => file.endsWith('.deb')).sort()) {
    const deb = path.join(pool, name);
    const { stdout: control } = await exec('dpkg-deb', ['-f', deb]);
    const bytes = readFileSync(deb);
    stanzas.push(`${control.trim()}\nFilename: pool/${name}\nSize: ${bytes.length}\nSHA256: ${createHash('sha256').update(bytes).digest('hex')}\n`);
  }
  const stdout = stanzas.join('\n');
  const dists = path.join(repo, 'dists', 'unstable');
  for (const arch of ['amd64', 'arm64']) {
    mkdirSync(path.join(dists, 'main', `binary-${arch}`), { recursive: true });
    writeFileSync(path.join(dists, 'main', `binary-${arch}`, 'Packages'), stdout);
  }
  const hash = createHash('sha256').update(stdout).digest('hex');
  const size = Buffer.byteLength(stdout);
  writeFileSync(path.join(dists, 'Release'), [
    'Origin: Test', 'Suite: unstable', 'Codename: sid', 'Architectures: amd64 arm64 all', 'Components: main',
    `Date: ${new Date().toUTCString()}`, 'SHA256:',
    ` ${hash} ${size} main/binary-amd64/Packages`, ` ${hash} ${size} main/binary-arm64/Packages`, '',
  ].join('\n'));
}

/** The machine's own entry, as a deb822 file: its address is all the installer takes from it (and its trust). */
export function writeSources(file: string, repo: string): void {
  writeFileSync(file, `Types: deb\nURIs: file:${repo}\nSuites: bookworm\nComponents: main\nTrusted: yes\n`);
}

/** Runs one of the engine scripts against `engineDir` and the stand-in suite; never throws. */
export async function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec('bash', [path.join(process.cwd(), 'scripts', script), ...args], { env, cwd: process.cwd(), timeout: 180_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
