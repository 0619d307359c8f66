import 'server-only';
import { toAppError } from '@/lib/errors';
import { engineEvents } from '@/lib/events';
import type { ResolvedOffer } from './resolve-offer';

/** What a download may be reported by: the platform and the engine that analysed it, nothing about the media. */
const labelsOf = (offer: ResolvedOffer) => ({ platform: offer.media.extraction.platform, engine: offer.media.extraction.engine });

/** Runs one preparation and reports how long it took and, when it failed, its error code. */
export async function reportedPreparation<T>(offer: ResolvedOffer, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const report = (code?: string) =>
    void engineEvents().emit('media.prepared', { ...labelsOf(offer), seconds: (performance.now() - started) / 1000, code });
  try {
    const result = await work();
    report();
    return result;
  } catch (error) {
    report(toAppError(error).code);
    throw error;
  }
}

/**
 * The same answer, its body counted as the client pulls it: bytes as they go, and once the body ends or the
 * client goes away, the time since `started` (the request). Reads one chunk per client read (no read-ahead), so it adds no buffer.
 */
export function reportedDelivery(offer: ResolvedOffer, res: Response, started: number): Response {
  const labels = labelsOf(offer);
  const bus = engineEvents();
  let ended = false;
  const end = (complete: boolean) => {
    if (ended) return;
    ended = true;
    void bus.emit('media.delivered', { ...labels, seconds: (performance.now() - started) / 1000, complete });
  };
  if (!res.body) {
    end(true);
    return res;
  }
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          end(true);
          controller.close();
          return;
        }
        if (value.byteLength > 0) void bus.emit('media.bytes', { ...labels, bytes: value.byteLength });
        controller.enqueue(value);
      } catch (error) {
        end(false);
        controller.error(error);
      }
    },
    async cancel(reason) {
      end(false);
      await reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
