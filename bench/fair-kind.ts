import type { BaseState, JobKind } from '@/lib/jobs/runner';

/**
 * The fair-sharing bench's fixture job: `jobMs` of waiting, then its final state written. `onRun` hears when each
 * started (wall-clock ms, comparable across the bench's processes) and, once it ended, how long it ran.
 */
export function fixtureJobKind(concurrency: number, jobMs: number, onRun: (id: string, startedAt: number, ms?: number) => void): JobKind<null, BaseState> {
  return {
    type: 'download', concurrency,
    active: ['queued'], ended: ['done'],
    interrupted: { status: 'done', progress: 0 }, cancelled: { status: 'done', progress: 0 },
    encode: ({ status, progress }) => ({ status, progress, message: null, result: null }),
    decode: (row) => ({ status: row.status, progress: row.progress }),
    async run(context) {
      const at = performance.timeOrigin + performance.now();
      onRun(context.id, at);
      await new Promise((resolve) => setTimeout(resolve, jobMs));
      await context.save({ status: 'done', progress: 100 });
      onRun(context.id, at, performance.timeOrigin + performance.now() - at);
    },
  };
}
