import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { PinnedTarget } from './resolve-target';

/**
 * Keep-alive agents: repeated requests to one CDN (segments, ranged reads) reuse their connections. The pool
 * is keyed by host name, and every pooled socket was opened to an address that was checked when it opened.
 */
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 });

/**
 * A `lookup` that answers with the checked address whatever it is asked: the socket layer never does its own
 * DNS, so a rebinding between our check and the connect cannot win. Node calls it with `all: true` when it
 * races address families, and then wants a list.
 */
export function pinnedLookup(target: PinnedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, [{ address: target.address, family: target.family }]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

export interface PinnedRequestOptions {
  method: string;
  headers: Record<string, string | string[]>;
}

/**
 * Open one request to `url` on the pinned address. The host name still goes in `host` so the Host header,
 * TLS SNI and certificate check all use the name the user gave.
 */
export function openPinnedRequest(url: URL, target: PinnedTarget, options: PinnedRequestOptions): http.ClientRequest {
  const secure = url.protocol === 'https:';
  const request = secure ? https.request : http.request;
  return request({
    protocol: url.protocol,
    host: target.hostname,
    port: target.port,
    path: `${url.pathname}${url.search}`,
    method: options.method,
    headers: options.headers,
    agent: secure ? httpsAgent : httpAgent,
    lookup: pinnedLookup(target),
    family: target.family,
  });
}
