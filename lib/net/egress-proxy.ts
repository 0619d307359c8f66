import 'server-only';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { handleForward } from './egress-forward';
import { handleConnect } from './egress-tunnel';
import { systemLookup, type LookupAll } from './resolve-target';

/**
 * yt-dlp does its own HTTP. Pointed at this proxy (`--proxy`), every connection it makes passes the same
 * rule as guardedFetch: resolved once, checked, pinned, allowlist honoured, and refused with 403 otherwise.
 */
export interface EgressProxy {
  /** http://127.0.0.1:PORT */
  url: string;
  close(): Promise<void>;
}

function isLoopbackPeer(address: string | undefined): boolean {
  return address !== undefined && (address.startsWith('127.') || address.startsWith('::ffff:127.') || address === '::1');
}

export async function startEgressProxy({ lookup = systemLookup }: { lookup?: LookupAll } = {}): Promise<EgressProxy> {
  const server = http.createServer((req, res) => void handleForward(req, res, lookup));
  const tunnels = new Set<Socket>();
  // It listens on 127.0.0.1 already; refusing other peers keeps it closed if that ever changes.
  server.on('connection', (socket: Socket) => {
    if (!isLoopbackPeer(socket.remoteAddress)) socket.destroy();
  });
  server.on('connect', (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    void handleConnect(req, socket, head, lookup);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A helper for the extraction workers, not a reason for the process to stay alive.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of tunnels) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let shared: Promise<EgressProxy> | undefined;

/** The process's one proxy, started on first use; a failed start is retried by the next caller. */
export function getEgressProxy(): Promise<EgressProxy> {
  shared ??= startEgressProxy().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
