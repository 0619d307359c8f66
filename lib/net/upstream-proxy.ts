import 'server-only';
import net from 'node:net';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import type { PinnedTarget } from './resolve-target';

export interface UpstreamProxy {
  host: string;
  port: number;
  /** The Proxy-Authorization value, when the URL carries user:pass. */
  authorization?: string;
}

/** PLATFORM_PROXY (http://user:pass@host:port): the proxy yt-dlp's traffic leaves through, after our own checks. */
export function upstreamProxy(): UpstreamProxy | null {
  const raw = config().env.PLATFORM_PROXY;
  if (!raw) return null;
  const url = new URL(raw);
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || 80),
    authorization: user || pass ? `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` : undefined,
  };
}

/** The checked address as an authority: the upstream proxy connects to it, never resolves the name again. */
export function pinnedAuthority(target: PinnedTarget): string {
  return `${target.family === 6 ? `[${target.address}]` : target.address}:${target.port}`;
}

/**
 * A tunnel to the checked address through the upstream proxy (`CONNECT <ip>:<port>`): the private-address rule has
 * already been applied to that address, and naming the address rather than the host keeps a DNS answer that changes
 * between our check and the proxy's connect from mattering. Resolves with the socket and any bytes read past the
 * proxy's answer.
 */
export function connectThroughUpstream(target: PinnedTarget, proxy: UpstreamProxy, timeoutMs: number): Promise<{ socket: net.Socket; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: proxy.host, port: proxy.port });
    let head = Buffer.alloc(0);
    const fail = (error: AppError) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new AppError('upstream_timeout', 'The platform proxy took too long to answer')));
    socket.once('connect', () => {
      const authority = pinnedAuthority(target);
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${proxy.authorization ? `Proxy-Authorization: ${proxy.authorization}\r\n` : ''}\r\n`);
    });
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) {
        if (head.length > 16_384) fail(new AppError('upstream_failed', 'The platform proxy answered garbage'));
        return;
      }
      socket.off('data', onData);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head.subarray(0, end).toString('latin1'))?.[1]);
      if (status !== 200) return fail(new AppError('upstream_failed', `The platform proxy refused the connection (${status || 'no status'})`));
      socket.setTimeout(0);
      resolve({ socket, rest: head.subarray(end + 4) });
    };
    socket.on('data', onData);
    socket.once('error', () => fail(new AppError('upstream_failed', 'Could not reach the platform proxy')));
  });
}
