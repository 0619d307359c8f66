import 'server-only';
import { randomUUID } from 'node:crypto';
import { config } from '@/lib/config';

/**
 * One JSON line per API request on stdout: time, request id, method, path, status and duration. Nothing a
 * caller sends goes in: no query string (it can hold a source URL or a capability), no headers, no body — so no
 * token, cookie, password or link can reach the log.
 */
export interface RequestLogLine {
  time: string;
  level: 'info' | 'error';
  msg: 'request';
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** Our proxy's `X-Request-Id` when it is a plain id, else a new one. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get('x-request-id');
  return given && /^[A-Za-z0-9._-]{8,128}$/.test(given) ? given : randomUUID();
}

/** Test runs keep their output for the tests' own reports. */
export function logRequest(line: Omit<RequestLogLine, 'time' | 'level' | 'msg'>): void {
  if (config().env.NODE_ENV === 'test') return;
  const entry: RequestLogLine = { time: new Date().toISOString(), level: line.status >= 500 ? 'error' : 'info', msg: 'request', ...line };
  process.stdout.write(`${JSON.stringify(entry)}\n`);
}

/** The path alone: the query can hold a source URL or a capability. */
export const loggedPath = (url: URL): string => url.pathname.slice(0, 200);
