import type { Db } from '@/lib/db';
import type { BaseState, JobContext, JobKind } from '@/lib/jobs/runner';

export interface GateState extends BaseState {
  status: 'queued' | 'running' | 'done' | 'failed';
  code?: string;
}

/** A download-type kind whose jobs run until `release()`; each reports 40 % once it starts. */
export function gatedKind(concurrency = 1) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const aborted: string[] = [];
  const kind: JobKind<{ n: number }, GateState> = {
    type: 'download',
    concurrency,
    active: ['queued', 'running'],
    ended: ['done', 'failed'],
    interrupted: { status: 'failed', progress: 0, code: 'unavailable' },
    cancelled: { status: 'failed', progress: 0, message: 'Cancelled', code: 'cancelled' },
    encode: ({ status, progress, message, code }) => ({ status, progress, message: message ?? null, result: code ? { code } : null }),
    decode: (row) => ({ status: row.status as GateState['status'], progress: row.progress, ...(row.result ?? {}) }),
    async run(context: JobContext<GateState>) {
      await context.save({ status: 'running', progress: 40 });
      await Promise.race([gate, new Promise((resolve) => context.signal.addEventListener('abort', resolve))]);
      if (context.signal.aborted) return void aborted.push(context.id);
      await context.save({ status: 'done', progress: 100 });
    },
  };
  return { kind, release: () => open(), aborted };
}

export const queued: GateState = { status: 'queued', progress: 0 };

export async function addUser(db: Db, id: string, email: string): Promise<void> {
  await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', [id, email, 'x', Date.now()]);
}

export async function until(check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition never met');
}
