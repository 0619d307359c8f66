import { randomBytes } from 'node:crypto';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * What the Node server knows of a request before Next sees it, and what Next hands route handlers without: the
 * address of the TCP peer that sent it, the one fact about a caller that the caller cannot write. The server writes
 * it into a header of every request it accepts, overwriting whatever the caller sent. The header's name is drawn at
 * random when the process starts, so no caller can know it in order to forge it — also not for a request accepted
 * before the recording was installed (that one carries no such header and counts as having no known peer).
 */
const NAME = Symbol.for('grabline.peerHeader');

type Holder = typeof globalThis & { [NAME]?: string };
const holder = globalThis as Holder;

/** The header this process writes peers' addresses into, or undefined where nothing records them (a test, a worker). */
export const peerHeaderName = (): string | undefined => holder[NAME];

/**
 * Installs, once per process (instrumentation.ts, before the first request is handled; safe to call again), what
 * the server does with each request it accepts before Next's handler runs:
 * - writes the peer's address into the random header;
 * - answers 400 to a path that is not valid percent-encoding (`/%E0`), which Next's router would fail on with a 500.
 * Returns the header's name.
 */
export function recordPeerAddresses(proto: typeof Server.prototype = Server.prototype): string {
  const existing = holder[NAME];
  if (existing) return existing;
  const name = `x-grabline-peer-${randomBytes(16).toString('hex')}`;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      if (malformedPath(req.url)) return answerBadRequest(res);
      req.headers[name] = req.socket?.remoteAddress ?? '';
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof proto.emit;
  holder[NAME] = name;
  return name;
}

/** The peer's address as the header carries it, or undefined when no peer is known (no recording, or none given). */
export function peerAddress(headers: Headers): string | undefined {
  const name = holder[NAME];
  return (name && plainAddress(headers.get(name) ?? undefined)) || undefined;
}

/** An IPv4 peer on a dual-stack socket reads "::ffff:203.0.113.9": the same client as "203.0.113.9". */
export function plainAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  return address.toLowerCase().startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

/** Whether a request target's path holds a `%` that does not start valid UTF-8 percent-encoding. */
export function malformedPath(url: string | undefined): boolean {
  if (!url) return false;
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

function answerBadRequest(res: ServerResponse): boolean {
  const body = JSON.stringify({ success: false, error: 'The address is not valid: a % must start an encoded character', code: 'invalid_request' });
  res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
  return true;
}
