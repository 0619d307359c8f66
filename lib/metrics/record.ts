import 'server-only';
import type { EngineEvents, EventBus } from '@/lib/events';
import type { JobEnded } from '@/lib/downloads/prepare-file';
import { metrics } from './registry';

/** One API answer (the route wrapper calls this where it logs the request); `code` when it was an error. */
export function observeRequest(request: { method: string; route: string; status: number; seconds: number; code?: string }): void {
  const m = metrics();
  m.httpRequests.inc({ method: request.method, route: request.route, status: String(request.status) });
  m.httpDuration.observe({ method: request.method, route: request.route }, request.seconds);
  if (request.code) m.failures.inc({ source: 'api', code: request.code });
}

const outcome = (code?: string) => (code ? 'failed' : 'ok');

/** A download job or bulk item ended (`download.ended`): a failed one counts under its kind and code. */
export function recordJobEnded({ kind, ok, code }: JobEnded): void {
  if (!ok) metrics().failures.inc({ source: kind, code: code ?? 'internal' });
}

/** The engine's reports become figures; a subscriber here never changes the work it hears of. */
export function recordEngineEvents(bus: EventBus<EngineEvents>): void {
  const m = metrics();
  bus.on('media.analysed', ({ platform, engine, seconds, code }) => {
    m.analysisDuration.observe({ platform, engine, outcome: outcome(code) }, seconds);
    if (code) m.failures.inc({ source: 'analysis', code });
  });
  bus.on('media.prepared', ({ platform, engine, seconds, code }) => {
    m.downloadDuration.observe({ phase: 'prepare', platform, engine, outcome: outcome(code) }, seconds);
    if (code) m.failures.inc({ source: 'prepare', code });
  });
  bus.on('media.bytes', ({ platform, engine, bytes }) => m.deliveredBytes.inc({ platform, engine }, bytes));
  bus.on('media.delivered', ({ platform, engine, seconds, complete }) => {
    m.downloadDuration.observe({ phase: 'deliver', platform, engine, outcome: complete ? 'ok' : 'failed' }, seconds);
  });
}
