import 'server-only';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { AppError } from '@/lib/errors';
import { rawRefusal, refusalStatus } from './egress-refusal';
import { parseTarget } from './parse-target';
import { resolveTarget, type LookupAll } from './resolve-target';
import { connectThroughUpstream, upstreamProxy } from './upstream-proxy';

const CONNECT_TIMEOUT_MS = 15_000;
/** yt-dlp only talks APIs and pages through us (media goes through our own downloader), so a minute is ample. */
const TUNNEL_IDLE_MS = 60_000;

/** `CONNECT host:port` names an authority, nothing else: a port is required, paths and userinfo are not allowed. */
function parseAuthority(authority: string | undefined): URL {
  if (!authority || !/^(\[[0-9a-f:.]+\]|[^\s/@[\]:?#]+):\d{1,5}$/i.test(authority)) {
    throw new AppError('invalid_url', 'Please enter a valid URL');
  }
  return parseTarget(`http://${authority}/`);
}

/**
 * An HTTPS tunnel for yt-dlp: resolve and check the authority like any other fetch, connect to the checked
 * address itself (pinned: no second lookup), then splice the two sockets together.
 */
export async function handleConnect(req: IncomingMessage, client: Duplex, head: Buffer, lookup: LookupAll): Promise<void> {
  client.on('error', () => client.destroy());
  const refuse = (error: unknown) => {
    if (client.writable) client.end(rawRefusal(refusalStatus(error)));
    else client.destroy();
  };
  let target;
  try {
    target = await resolveTarget(parseAuthority(req.url), lookup);
  } catch (error) {
    return refuse(error);
  }
  const chained = upstreamProxy();
  if (chained) {
    // PLATFORM_PROXY: the checked address is reached through the operator's proxy instead of directly.
    let tunnel;
    try {
      tunnel = await connectThroughUpstream(target, chained, CONNECT_TIMEOUT_MS);
    } catch (error) {
      return refuse(error);
    }
    const { socket, rest } = tunnel;
    socket.setTimeout(TUNNEL_IDLE_MS, () => socket.destroy());
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (rest.length > 0) client.write(rest);
    if (head.length > 0) socket.write(head);
    socket.pipe(client);
    client.pipe(socket);
    socket.on('error', () => client.destroy());
    socket.on('close', () => client.destroy());
    client.on('close', () => socket.destroy());
    return;
  }
  const upstream = net.connect({ host: target.address, port: target.port });
  let connected = false;
  upstream.setTimeout(CONNECT_TIMEOUT_MS, () => {
    if (!connected) refuse(new AppError('upstream_timeout', 'The source took too long to answer'));
    upstream.destroy();
  });
  upstream.once('connect', () => {
    connected = true;
    upstream.setTimeout(TUNNEL_IDLE_MS);
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => {
    if (connected) client.destroy();
    else refuse(new AppError('upstream_failed', 'Could not reach the source'));
  });
  // Before the tunnel is up the client is owed a refusal, which `refuse` sends and then closes.
  upstream.on('close', () => {
    if (connected) client.destroy();
  });
  client.on('close', () => upstream.destroy());
}
