import 'server-only';
import { isAppError } from '@/lib/errors';

/** How the proxy answers a request it will not carry: a status yt-dlp reports, and no upstream detail. */
export function refusalStatus(error: unknown): number {
  if (!isAppError(error)) return 502;
  switch (error.code) {
    case 'private_address':
      return 403;
    case 'invalid_url':
      return 400;
    case 'upstream_timeout':
      return 504;
    default:
      return 502;
  }
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 502: 'Bad Gateway', 504: 'Gateway Timeout' };

/** A complete HTTP/1.1 answer for a raw socket (CONNECT has no response object to write to). */
export function rawRefusal(status: number): string {
  const reason = REASONS[status] ?? 'Error';
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\nConnection: close\r\n\r\n${reason}`;
}
