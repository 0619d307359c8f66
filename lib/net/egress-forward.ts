import 'server-only';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { AppError } from '@/lib/errors';
import { refusalStatus } from './egress-refusal';
import { parseTarget } from './parse-target';
import { openPinnedRequest } from './pinned-request';
import { resolveTarget, type LookupAll } from './resolve-target';
import { pinnedAuthority, upstreamProxy } from './upstream-proxy';

const IDLE_MS = 60_000;

/** Headers about one connection, not the message; `host` is rebuilt from the checked URL. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

function endToEnd(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const listed = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !listed.includes(name)) kept[name] = value;
  }
  return kept;
}

function refuse(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(refusalStatus(error), { 'content-type': 'text/plain', connection: 'close' }).end('Refused');
}

/**
 * A plain-HTTP request in absolute form (`GET http://host/path`). Redirects go back to yt-dlp untouched:
 * it follows them with a new request through this proxy, which checks that hop again.
 */
export async function handleForward(req: IncomingMessage, res: ServerResponse, lookup: LookupAll): Promise<void> {
  let url: URL;
  let target;
  try {
    // HTTPS must come as CONNECT; anything else here (origin-form, https://) is not a proxy request we carry.
    if (!req.url?.startsWith('http://')) throw new AppError('invalid_url', 'Please enter a valid URL');
    url = parseTarget(req.url);
    target = await resolveTarget(url, lookup);
  } catch (error) {
    req.resume();
    return refuse(res, error);
  }
  const chained = upstreamProxy();
  // PLATFORM_PROXY: the request goes to the operator's proxy in absolute form, naming the checked address (so the
  // proxy does no lookup of its own) and the original host in the Host header.
  const upstream = chained
    ? http.request({
      host: chained.host,
      port: chained.port,
      method: req.method ?? 'GET',
      path: `http://${pinnedAuthority(target)}${url.pathname}${url.search}`,
      headers: { ...endToEnd(req.headers), host: url.host, ...(chained.authorization ? { 'proxy-authorization': chained.authorization } : {}) },
    })
    : openPinnedRequest(url, target, { method: req.method ?? 'GET', headers: endToEnd(req.headers) });
  upstream.setTimeout(IDLE_MS, () => upstream.destroy(new AppError('upstream_timeout', 'The source stopped answering')));
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    answer.pipe(res);
    answer.on('error', () => res.destroy());
  });
  upstream.on('error', (error) => refuse(res, error));
  // yt-dlp hung up early: stop the upstream too (a finished exchange keeps its pooled socket).
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}
