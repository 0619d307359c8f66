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
}

const ENDED: BaseState = { status: 'ended', progress: 100 };

/**
 * A webhook delivery as a job of the one runner (so on a worker when Redis is configured). Its state is the
 * delivery's own row (`webhook_deliveries`), which the settings page reads; the job has no `jobs` row. It
 * attempts once and records the outcome (status or error code, duration — never the answer); while attempts
 * remain, it queues the next attempt as a new job delayed by the back-off, so a wait of minutes holds no worker
 * slot. Each wait is counted from the last attempt stored, so a job that starts early (a restart re-queued it)
 * waits only what is left. A deleted or disabled webhook stops it, and so does its owner's disabled account.
 */
export function webhookDeliveryKind(deps: DeliveryKindDeps): JobKind<DeliveryJob, BaseState> {
  const now = deps.now ?? Date.now;
  /** The wait after `attempts` attempts: the back-off's n-th step, its last one repeated. */
  const backOff = (attempts: number) => {
    const delays = deps.retryDelaysMs();
    return delays[Math.min(attempts, delays.length) - 1] ?? 0;
  };
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
      // The next attempt, as a job of its own: a new id each time (a queue keeps an id it has seen), same group.
      const later = (attempts: number, ms: number) =>
        context.enqueue('webhook-delivery', { id: `${job.deliveryId}.${attempts}.${now()}`, payload: job, group: job.webhookId, delayMs: ms });
      const db = await context.store();
      const delivery = await readDelivery(db, job.deliveryId);
      if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return;
      if (delivery.attempts > 0 && delivery.attemptedAt !== null) {
        const left = delivery.attemptedAt + backOff(delivery.attempts) - now();
        if (left > 0) return later(delivery.attempts, left);
      }
      if (context.signal.aborted) return;
      const target = await webhookTarget(db, delivery.webhookId);
      if (!target) return;
      if (!target.enabled) return void (await giveUpDelivery(db, delivery.id, 'webhook_disabled'));
      // Read as the attempt is due, wherever it runs: a disabled account's deliveries stop from that moment.
      if (target.ownerDisabled) return void (await giveUpDelivery(db, delivery.id, 'account_disabled'));
      const outcome = await attemptDelivery(target, delivery, { ...deps.attempt(), signal: context.signal });
      if (context.signal.aborted) return;
      const attempts = delivery.attempts + 1;
      const status = outcome.ok ? 'delivered' : attempts >= delivery.maxAttempts ? 'failed' : 'retrying';
      await recordAttempt(db, delivery.id, { status, httpStatus: outcome.httpStatus, errorCode: outcome.errorCode, durationMs: outcome.durationMs, at: now() });
      if (status === 'retrying') await later(attempts, backOff(attempts));
    },
  };
}
