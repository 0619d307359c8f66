import 'server-only';
import type { IncomingMessage } from 'node:http';
import { AppError } from '@/lib/errors';
import { openPinnedRequest } from './pinned-request';
import type { PinnedTarget } from './resolve-target';

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

export function headersTimeout(): AppError {
  return new AppError('upstream_timeout', 'The source took too long to answer');
}

function networkError(error: unknown): AppError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new AppError('upstream_failed', 'Could not reach the source', { cause: code ?? 'network_error' });
}

/**
 * Wait for `work`, but no later than `deadline` (epoch ms) and no longer than `signal` allows. The work itself
 * may go on (a DNS lookup cannot be cancelled); its answer is simply no longer wanted.
 */
export function withinDeadline<T>(work: Promise<T>, deadline: number, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => reject(headersTimeout()), Math.max(0, deadline - Date.now()));
    const onAbort = () => reject(abortReason(signal as AbortSignal));
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    work.then(
      (value) => (done(), resolve(value)),
      (error: unknown) => (done(), reject(error)),
    );
  });
}

export interface SendOptions {
  method: string;
  headers: Record<string, string>;
  /** Sent whole after the headers, with its Content-Length. */
  body?: string;
  deadline: number;
  signal?: AbortSignal;
}

/**
 * One request on a pinned address, resolved when the response headers arrive. Missing the deadline or an
 * abort destroys the socket, so nothing keeps talking to the source after we gave up.
 */
export function sendRequest(url: URL, target: PinnedTarget, options: SendOptions): Promise<IncomingMessage> {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) return reject(abortReason(signal));
    const body = options.body === undefined ? undefined : Buffer.from(options.body, 'utf8');
    const headers = body ? { ...options.headers, 'content-length': String(body.length) } : options.headers;
    const req = openPinnedRequest(url, target, { method: options.method, headers });
    const giveUp = (error: unknown) => {
      done();
      req.destroy();
      reject(error);
    };
    const timer = setTimeout(() => giveUp(headersTimeout()), Math.max(0, options.deadline - Date.now()));
    const onAbort = () => giveUp(abortReason(signal as AbortSignal));
    signal?.addEventListener('abort', onAbort, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    req.on('response', (res) => {
      done();
      resolve(res);
    });
    // Stays attached after the response: a late socket error must not become an unhandled 'error' event.
    req.on('error', (error) => {
      done();
      reject(networkError(error));
    });
    req.end(body);
  });
}
