/**
 * Route handlers behind a real socket, answered the way `next start` answers an App Router route: the peer's address
 * recorded (so the caller is an address, as on a deployed server: quotas, in-flight slots and the daily bytes bind),
 * a NextRequest whose signal fires when the client goes away, and the body written with Next's own
 * `pipeToNodeResponse`, its headers as Next copies them (Content-Length dropped, put back from our own header as the
 * server's instrumentation does), route params decoded as Next decodes them. Benches and API tests mount routes on it.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeToNodeResponse } from 'next/dist/server/pipe-readable';
import { NextRequest } from 'next/server';
import { recordPeerAddresses } from '@/lib/http/peer-address';
import { restoreContentLength } from '@/lib/http/wire-length';

type Handler = (req: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response>;

export interface Mount {
  method: string;
  /** Matched against the path; named groups become the route's params. */
  path: RegExp;
  handler: Handler;
}

/** Next leaves these to Node when it copies a route's answer onto the socket (sendResponse's FORBIDDEN_HEADERS). */
const DROPPED = new Set(['content-length', 'content-encoding', 'transfer-encoding']);

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return new Uint8Array(Buffer.concat(parts));
}

async function answer(mounts: Mount[], origin: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', origin);
  const found = mounts.map((mount) => ({ mount, match: req.method === mount.method ? mount.path.exec(url.pathname) : null })).find((m) => m.match);
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  const aborted = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) aborted.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const body = await readBody(req);
  const request = new NextRequest(url, { method: req.method, headers, body, signal: aborted.signal });
  const params = Object.fromEntries(Object.entries(found.match!.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]));
  const response = await found.mount.handler(request, { params: Promise.resolve(params) });
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (!DROPPED.has(name)) res.appendHeader(name, value);
  });
  if (response.body) await pipeToNodeResponse(response.body, res);
  else res.end();
}

/** Serves `mounts` on 127.0.0.1 (an ephemeral port) in this process. */
export async function startRouteServer(
  mounts: Mount[],
  /** Each request's time in the server: from its arrival to its answer's last byte handed to the socket. */
  onServed?: (arrived: number, done: number) => void,
): Promise<{ origin: string; close: () => Promise<void> }> {
  // What instrumentation.ts installs in the server: peers' addresses, and Content-Length put back on the wire.
  recordPeerAddresses();
  restoreContentLength();
  let origin = '';
  const server = http.createServer((req, res) => {
    const arrived = performance.now();
    answer(mounts, origin, req, res).then(() => onServed?.(arrived, performance.now()), (error: unknown) => {
      console.error('[route-server]', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
