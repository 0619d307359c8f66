import 'server-only';

import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { config } from '@/lib/config';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AutoUpdate {
  stop(): void;
}

/**
 * ENGINE_AUTO_UPDATE=1: once a day (first run 10–40 minutes after the start, so a fleet does not update at once) the
 * server runs `npm run engine:update`'s script as a child process — fetch, smoke test, switch, roll back on failure.
 * The pool notices a switch by itself. Off by default; the result is in /api/health's engine.lastUpdate.
 */
export function startEngineAutoUpdate(onDone: (code: number | null) => void = () => {}): AutoUpdate | null {
  if (!config().env.ENGINE_AUTO_UPDATE) return null;
  let timer: NodeJS.Timeout;
  let running = false;
  const run = () => {
    if (!running) {
      running = true;
      const child = spawn('bash', [join(process.cwd(), 'scripts', 'engine-update.sh')], {
        cwd: process.cwd(),
        env: { ...process.env, GRABLINE_ENGINE_DIR: config().engineDir },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const finish = (code: number | null) => {
        running = false;
        onDone(code);
      };
      child.on('error', () => finish(null));
      child.on('exit', finish);
    }
    timer = setTimeout(run, DAY_MS);
    timer.unref();
  };
  timer = setTimeout(run, 10 * 60 * 1000 + Math.random() * 30 * 60 * 1000);
  timer.unref();
  return { stop: () => clearTimeout(timer) };
}
