import 'server-only';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { z } from 'zod';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';

const iso = z.string().meta({ format: 'date-time' });

export const engineUpdateSchema = z.object({
  running: z.boolean(),
  startedAt: iso.nullable(),
  finishedAt: iso.nullable(),
  /** The script's exit status; null while it runs or when it could not start. */
  exitCode: z.number().int().nullable(),
  /** The last lines the update printed (its steps), newest last. */
  lines: z.array(z.string()),
});
export type EngineUpdate = z.infer<typeof engineUpdateSchema>;

const KEEP_LINES = 12;

/** The command an update runs: `npm run engine:update`'s script. Tests point it at a script of their own. */
export type UpdateCommand = { file: string; args: string[] };
const defaultCommand = (): UpdateCommand => ({ file: 'bash', args: [join(process.cwd(), 'scripts', 'engine-update.sh')] });

const holder = globalThis as typeof globalThis & { __grablineEngineUpdate?: EngineUpdate };
const idle = (): EngineUpdate => ({ running: false, startedAt: null, finishedAt: null, exitCode: null, lines: [] });

/** This node's last (or running) engine update. */
export function engineUpdateState(): EngineUpdate {
  return { ...(holder.__grablineEngineUpdate ?? idle()) };
}

/**
 * Starts the engine update in the background (fetch, smoke test, canaries, switch, roll back on failure) and
 * returns at once; its progress is its last printed lines. A second start while one runs is a 409 `conflict`; the
 * script itself holds a file lock, so a daily auto-update on this machine waits for it too.
 */
export function startEngineUpdate(command: UpdateCommand = defaultCommand(), onEnd?: (state: EngineUpdate) => void): EngineUpdate {
  if (holder.__grablineEngineUpdate?.running) throw new AppError('conflict', 'An engine update is already running');
  const state: EngineUpdate = { running: true, startedAt: new Date().toISOString(), finishedAt: null, exitCode: null, lines: [] };
  holder.__grablineEngineUpdate = state;
  const child = spawn(command.file, command.args, {
    cwd: process.cwd(),
    env: { ...process.env, GRABLINE_ENGINE_DIR: config().engineDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let partial = '';
  const take = (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const parts = text.split(/\r?\n/);
    partial = parts.pop() ?? '';
    const lines = parts.map((line) => line.trim()).filter(Boolean).map((line) => line.slice(0, 300));
    state.lines = [...state.lines, ...lines].slice(-KEEP_LINES);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  let ended = false;
  const finish = (code: number | null) => {
    if (ended) return;
    ended = true;
    if (partial.trim()) state.lines = [...state.lines, partial.trim().slice(0, 300)].slice(-KEEP_LINES);
    Object.assign(state, { running: false, finishedAt: new Date().toISOString(), exitCode: code });
    onEnd?.({ ...state });
  };
  child.on('error', (error) => {
    state.lines = [...state.lines, `could not start: ${error.message}`].slice(-KEEP_LINES);
    finish(null);
  });
  child.on('close', (code) => finish(code));
  return { ...state };
}
