import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEgressProxy, type EgressProxy } from './egress-proxy';
import { allowOrigins, startLoopbackServer, type LoopbackServer } from './loopback-server.testkit';

// The operator's proxy (PLATFORM_PROXY), played by a small recording proxy on loopback.
let upstream: http.Server;
let upstreamPort: number;
const seen: { method: string; url: string; auth?: string; host?: string }[] = [];
let site: LoopbackServer;
let proxy: EgressProxy;

beforeAll(async () => {
  site = await startLoopbackServer((req, res) => res.end(`hello ${req.method} ${req.url} host=${req.headers.host}`));
  upstream = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers['proxy-authorization'], host: req.headers.host });
    const target = new URL(req.url ?? '');
    const forward = http.request({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: req.method, headers: req.headers });
    forward.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  upstream.on('connect', (req, socket, head) => {
    seen.push({ method: 'CONNECT', url: req.url ?? '', auth: req.headers['proxy-authorization'] });
    const [host, port] = [req.url!.slice(0, req.url!.lastIndexOf(':')), Number(req.url!.slice(req.url!.lastIndexOf(':') + 1))];
    const out = net.connect({ host, port }, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) out.write(head);
      out.pipe(socket);
      socket.pipe(out);
    });
    out.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
  proxy = await startEgressProxy({
    lookup: async (host) => [{ address: host === 'intranet.test' ? '10.0.0.7' : '127.0.0.1', family: 4 }],
  });
  process.env.PLATFORM_PROXY = `http://grab%40line:s3cret@127.0.0.1:${upstreamPort}`;
});

afterEach(() => {
  seen.length = 0;
});

afterAll(async () => {
  delete process.env.PLATFORM_PROXY;
  delete process.env.MEDIA_FETCH_ALLOW;
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  await Promise.all([proxy.close(), site.close()]);
});

const proxyPort = () => Number(new URL(proxy.url).port);
const expectedAuth = `Basic ${Buffer.from('grab@line:s3cret').toString('base64')}`;

function raw(request: string, until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(proxyPort(), '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (until.test(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('PLATFORM_PROXY chained behind the egress guard', () => {
  it('tunnels through the operator\'s proxy to the checked address, with its credentials', async () => {
    allowOrigins(`platform.test:${site.port}`);
    const answer = await raw(
      `CONNECT platform.test:${site.port} HTTP/1.1\r\n\r\nGET /t HTTP/1.1\r\nHost: platform.test\r\nConnection: close\r\n\r\n`,
      /hello GET \/t host=platform\.test$/,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(seen).toEqual([{ method: 'CONNECT', url: `127.0.0.1:${site.port}`, auth: expectedAuth }]);
  });

  it('sends plain HTTP to the operator\'s proxy in absolute form, naming the checked address and the real host', async () => {
    allowOrigins(`platform.test:${site.port}`);
    const answer = await raw(`GET http://platform.test:${site.port}/p?q=1 HTTP/1.1\r\nHost: platform.test:${site.port}\r\nConnection: close\r\n\r\n`,
      /hello GET \/p\?q=1 host=platform\.test:\d+$/);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(seen).toEqual([{ method: 'GET', url: `http://127.0.0.1:${site.port}/p?q=1`, auth: expectedAuth, host: `platform.test:${site.port}` }]);
  });

  it('still refuses private addresses before the operator\'s proxy hears of them', async () => {
    allowOrigins();
    for (const authority of ['intranet.test:443', '10.0.0.1:443', `127.0.0.1:${site.port}`]) {
      expect(await raw(`CONNECT ${authority} HTTP/1.1\r\n\r\n`, /\r\n\r\n/)).toMatch(/^HTTP\/1\.1 403 /);
    }
    expect(await raw(`GET http://intranet.test/x HTTP/1.1\r\nHost: intranet.test\r\nConnection: close\r\n\r\n`, /Refused/)).toMatch(/^HTTP\/1\.1 403 /);
    expect(seen).toEqual([]);
  });
});
