import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolveEngine } from '@/lib/media/ytdlp/engine';

/**
 * The peers' reference in the benches: yt-dlp as installed here — the current engine (Debian unstable's) when set-up
 * fetched it, run with Debian's python3 and its PYTHONPATH exactly as the pool runs it; Debian 12's packaged one
 * otherwise — started as a user would start it, one process per run.
 */
export const referenceEngine = resolveEngine();

/** "yt-dlp 2026.10.26" (or where it came from when its version is unknown). */
export const referenceLabel = `yt-dlp ${referenceEngine.version ?? referenceEngine.source}`;

export function runYtdlp(args: string[], maxBuffer = 1 << 24) {
  return promisify(execFile)('/usr/bin/python3', ['-s', '-m', 'yt_dlp', ...args], {
    env: { PATH: '/usr/bin:/bin', HOME: '/tmp', ...(referenceEngine.pythonPath ? { PYTHONPATH: referenceEngine.pythonPath } : {}) } as unknown as NodeJS.ProcessEnv,
    maxBuffer,
  });
}
