import 'server-only';
import type { BaseState, JobKind } from '@/lib/jobs/runner';
import { attemptDelivery, type AttemptOptions } from './attempt';
import { giveUpDelivery, readDelivery, recordAttempt } from './delivery-store';
import { webhookTarget } from './webhook-store';

export interface DeliveryJob {
  deliveryId: string;
  webhookId: string;
}

export interface DeliveryKindDeps {
  /** Deliveries of one webhook in flight at once (a batch of the runner: one group per webhook). */
  concurrency: number;
  /** The waits before the 2nd, 3rd… attempt; read when a delivery is due, so tests may shorten them. */
  retryDelaysMs: () => number[];
  attempt: () => Omit<AttemptOptions, 'signal'>;
  now?: () => number;
  /** Waits `ms` or until `signal` aborts (tests record the waits). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const sleepFor = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  if (signal.aborted || ms <= 0) return resolve();
  const timer = setTimeout(done, ms);
  signal.addEventListener('abort', done, { once: true });
  function done() {
    clearTimeout(timer);
    signal.removeEventListener('abort', done);
    resolve();
  }
});

const ENDED: BaseState = { status: 'ended', progress: 100 };

/**
 * A webhook delivery as a job of the one runner (so on a worker when Redis is configured). Its state is the
 * delivery's own row (`webhook_deliveries`), which the settings page reads; the job has no `jobs` row. It
 * attempts, records the outcome (status or error code, duration — never the answer), and while attempts remain
 * waits the next back-off and tries again. Each wait is counted from the last attempt stored, so a job that
 * restarts on another worker waits only what is left. A deleted or disabled webhook stops it.
 */
export function webhookDeliveryKind(deps: DeliveryKindDeps): JobKind<DeliveryJob, BaseState> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? sleepFor;
  return {
    type: 'webhook-delivery',
    concurrency: deps.concurrency,
    active: ['running'],
    ended: ['ended'],
    interrupted: ENDED,
    cancelled: ENDED,
    encode: (state) => ({ status: state.status, progress: state.progress, message: null, result: null }),
    decode: (row) => ({ status: row.status, progress: row.progress }),
    async run(context, job) {
      const db = await context.store();
      for (;;) {
        const delivery = await readDelivery(db, job.deliveryId);
        if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return;
        if (delivery.attempts > 0 && delivery.attemptedAt !== null) {
          const delays = deps.retryDelaysMs();
          const wait = delays[Math.min(delivery.attempts, delays.length) - 1] ?? 0;
          await sleep(delivery.attemptedAt + wait - now(), context.signal);
        }
        if (context.signal.aborted) return;
        const target = await webhookTarget(db, delivery.webhookId);
        if (!target) return;
        if (!target.enabled) return void (await giveUpDelivery(db, delivery.id, 'webhook_disabled'));
        const outcome = await attemptDelivery(target, delivery, { ...deps.attempt(), signal: context.signal });
        if (context.signal.aborted) return;
        const last = delivery.attempts + 1 >= delivery.maxAttempts;
        const status = outcome.ok ? 'delivered' : last ? 'failed' : 'retrying';
        await recordAttempt(db, delivery.id, { status, httpStatus: outcome.httpStatus, errorCode: outcome.errorCode, durationMs: outcome.durationMs, at: now() });
        if (status !== 'retrying') return;
      }
    },
  };
}
