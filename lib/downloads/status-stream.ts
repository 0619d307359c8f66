import 'server-only';
import type { Analyses, JobSnapshot } from './analyses';

/** An analysis has ended once it reads ready or error. */
export const isTerminal = (snapshot: JobSnapshot) => snapshot.status === 'ready' || snapshot.status === 'error';

const HEARTBEAT_MS = 15_000;
const encoder = new TextEncoder();

// On globalThis so Next's bundles of this module share one: set when the process is asked to stop.
const holder = globalThis as typeof globalThis & { __grablineStreamsClosing?: AbortController };
const closing = () => (holder.__grablineStreamsClosing ??= new AbortController());

/**
 * The process is stopping (SIGTERM): every open status stream ends now, cleanly, and no new one waits. The
 * browser then reads the job's state over plain requests, which another node answers.
 */
export function closeStatusStreams(): void {
  closing().abort();
}

const message = (snapshot: JobSnapshot) =>
  encoder.encode(`data: ${JSON.stringify({ type: 'status', data: snapshot })}\n\n`);

/**
 * An analysis's states as Server-Sent Events: each state once, in order, until ready
 * or error, then the stream ends. A comment every 15 s keeps proxies from closing a quiet connection; the
 * client going away (`signal`) ends it too. `current` is sent when this node has no states of its own to replay.
 */
export function statusEventStream(
  queue: Analyses,
  jobId: string,
  current: JobSnapshot,
  signal: AbortSignal,
  options: { idleMs?: number; onEnd?: () => void } = {},
): ReadableStream<Uint8Array> {
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let last: string | undefined;
      const finish = () => {
        if (closed) return;
        closed = true;
        cleanup();
        controller.close();
      };
      // A job that stops changing (a stuck origin, a lost worker) must not hold the client's stream forever.
      let idle: NodeJS.Timeout | undefined;
      const stillWaiting = () => {
        clearTimeout(idle);
        if (options.idleMs) idle = setTimeout(finish, options.idleMs);
      };
      const send = (snapshot: JobSnapshot) => {
        const key = JSON.stringify(snapshot);
        if (closed || key === last) return;
        last = key;
        controller.enqueue(message(snapshot));
        if (isTerminal(snapshot)) finish();
        else stillWaiting();
      };
      const heartbeat = setInterval(() => controller.enqueue(encoder.encode(': heartbeat\n\n')), HEARTBEAT_MS);
      const onAbort = () => finish();
      let unsubscribe = () => {};
      cleanup = () => {
        clearInterval(heartbeat);
        clearTimeout(idle);
        unsubscribe();
        signal.removeEventListener('abort', onAbort);
        closing().signal.removeEventListener('abort', onAbort);
        options.onEnd?.();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      closing().signal.addEventListener('abort', onAbort, { once: true });
      let replayed = false;
      unsubscribe = queue.subscribe(jobId, (snapshot) => {
        replayed = true;
        send(snapshot);
      });
      // A replayed final state closed the stream before subscribe() returned its unsubscribe.
      if (closed) unsubscribe();
      if (!replayed) send(current);
      if (signal.aborted || closing().signal.aborted) finish();
    },
    cancel() {
      cleanup();
    },
  });
}
