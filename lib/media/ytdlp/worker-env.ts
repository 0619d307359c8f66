import 'server-only';

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The whole environment a worker sees. Nothing is inherited: no proxy variables (yt-dlp would honour them
 * and bypass the egress proxy), no XDG dirs, and HOME is an empty temp dir, so neither yt-dlp config files
 * nor its plugin folders (~/.yt-dlp, ~/.config/yt-dlp) can be found.
 */
export function buildWorkerEnv(home: string, pythonPath: string | undefined): Record<string, string> {
  const env: Record<string, string> = {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    TMPDIR: home,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    PYTHONIOENCODING: 'utf-8',
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONNOUSERSITE: '1',
    // Newer yt-dlp solves YouTube's JS challenges with a runtime; this node is the one we trust.
    GRABLINE_NODE: process.execPath,
  };
  if (pythonPath) env.PYTHONPATH = pythonPath;
  return env;
}

export function createWorkerHome(): string {
  return mkdtempSync(join(tmpdir(), 'grabline-ytdlp-'));
}
