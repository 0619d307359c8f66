import type { BaseState, JobKind } from './runner';

/** A download-kind job that runs until the test lets it go, recording the order jobs start in. */
export function gatedKind(concurrency: number) {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  let running = 0;
  let peak = 0;
  const kind: JobKind<{ n: number }, BaseState> = {
    type: 'download', concurrency,
    active: ['queued', 'running'], ended: ['done'],
    interrupted: { status: 'done', progress: 0 }, cancelled: { status: 'done', progress: 0 },
    encode: ({ status, progress }) => ({ status, progress, message: null, result: null }),
    decode: (row) => ({ status: row.status, progress: row.progress }),
    async run(context) {
      started.push(context.id);
      peak = Math.max(peak, ++running);
      await new Promise<void>((resolve) => gates.set(context.id, resolve));
      running -= 1;
      await context.save({ status: 'done', progress: 100 });
    },
  };
  const finish = (id: string) => {
    const gate = gates.get(id);
    if (!gate) throw new Error(`${id} is not running`);
    gates.delete(id);
    gate();
  };
  return { kind, started, finish, peak: () => peak, running: () => [...gates.keys()] };
}

export async function until(check: () => boolean, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition never met');
}
