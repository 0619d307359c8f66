import 'server-only';
import { toAppError } from '@/lib/errors';
import { guardedFetch as systemFetch } from '@/lib/net/guarded-fetch';
import type { StoredDelivery } from './delivery-store';
import type { Envelope } from './envelope';
import { renderRequest } from './formats';
import { openSecret } from './secret-box';
import { SIGNATURE_HEADER, signatureHeader } from './signature';
import type { WebhookTarget } from './webhook-store';

export interface AttemptOptions {
  timeoutMs: number;
  siteUrl?: string;
  signal?: AbortSignal;
  now?: () => number;
  /** The guarded fetch (tests hand in one with a hostile DNS). */
  fetch?: typeof systemFetch;
}

export interface AttemptOutcome {
  ok: boolean;
  httpStatus: number | null;
  errorCode: string | null;
  durationMs: number;
}

/**
 * One attempt of one delivery: the body in the webhook's format, signed now, POSTed through the guarded fetch —
 * so a private or loopback address is refused here as well as when the webhook was saved (a name can be
 * pointed elsewhere since), and a redirect is an answer, never followed. A 2xx is delivered.
 */
export async function attemptDelivery(target: WebhookTarget, delivery: StoredDelivery, options: AttemptOptions): Promise<AttemptOutcome> {
  const now = options.now ?? Date.now;
  const started = now();
  const took = () => Math.max(0, now() - started);
  try {
    const secret = openSecret(target.secretBox);
    const envelope = JSON.parse(delivery.body) as Envelope;
    const request = renderRequest(envelope, target.format, options.siteUrl);
    const response = await (options.fetch ?? systemFetch)(target.url, {
      method: 'POST',
      body: request.body,
      headers: {
        ...request.headers,
        'user-agent': 'Grabline-Webhooks/1.0',
        [SIGNATURE_HEADER]: signatureHeader(secret, request.body, now() / 1000),
        'Grabline-Event': delivery.event,
        'Grabline-Delivery': delivery.id,
      },
      timeoutMs: options.timeoutMs,
      idleTimeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    // Only the status counts: the answer's body is never read or stored.
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, httpStatus: response.status, errorCode: null, durationMs: took() };
  } catch (error) {
    const appError = toAppError(error);
    const code = options.signal?.aborted ? 'cancelled' : (appError.details?.reason as string | undefined) ?? appError.code;
    return { ok: false, httpStatus: null, errorCode: code, durationMs: took() };
  }
}
