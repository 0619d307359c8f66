import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEgressProxy, type EgressProxy } from './egress-proxy';
import { allowOrigins, startLoopbackServer, type LoopbackServer } from './loopback-server.testkit';

let proxy: EgressProxy;
let site: LoopbackServer;
let outside: LoopbackServer;

beforeAll(async () => {
  site = await startLoopbackServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'x-path': req.url ?? '' }).end(`hello ${req.method}`);
  });
  outside = await startLoopbackServer((_req, res) => res.end('should never be reached'));
  proxy = await startEgressProxy({
    lookup: async (host) => [{ address: host === 'intranet.test' ? '10.0.0.7' : '127.0.0.1', family: 4 }],
  });
});
afterAll(async () => {
  await Promise.all([proxy.close(), site.close(), outside.close()]);
});
beforeEach(() => allowOrigins(site.hostPort));

const proxyPort = () => Number(new URL(proxy.url).port);

/** Send raw bytes to the proxy and collect everything it answers until it closes or `until` matches. */
function rawExchange(request: string, until?: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(proxyPort(), '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (until?.test(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function proxiedGet(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: proxyPort(), path: target, headers: { host: new URL(target).host } });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('CONNECT tunnels', () => {
  it.each(['169.254.169.254:80', '10.0.0.1:443', '[::1]:443', '[::ffff:7f00:1]:443', 'intranet.test:443', 'localhost:443'])(
    'refuses %s with 403',
    async (authority) => {
      const answer = await rawExchange(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    },
  );

  it('refuses a non-allowlisted loopback port and malformed authorities', async () => {
    const blocked = await rawExchange(`CONNECT ${outside.hostPort} HTTP/1.1\r\n\r\n`);
    expect(blocked).toMatch(/^HTTP\/1\.1 403 /);
    const noPort = await rawExchange('CONNECT example.com HTTP/1.1\r\n\r\n');
    expect(noPort).toMatch(/^HTTP\/1\.1 400 /);
    const withUser = await rawExchange('CONNECT user@example.com:443 HTTP/1.1\r\n\r\n');
    expect(withUser).toMatch(/^HTTP\/1\.1 400 /);
    expect(outside.requests).toHaveLength(0);
  });

  it('tunnels to an allowlisted origin', async () => {
    const answer = await rawExchange(
      `CONNECT ${site.hostPort} HTTP/1.1\r\n\r\nGET /through HTTP/1.1\r\nHost: ${site.hostPort}\r\nConnection: close\r\n\r\n`,
      /hello GET$/,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(answer).toContain('x-path: /through');
  });
});

describe('plain HTTP in absolute form', () => {
  it('forwards a GET to an allowlisted origin', async () => {
    const answer = await proxiedGet(`${site.origin}/page?x=1`);
    expect(answer).toEqual({ status: 200, body: 'hello GET' });
    expect(site.requests.at(-1)?.url).toBe('/page?x=1');
  });

  it('refuses a non-allowlisted loopback port, private names and metadata with 403', async () => {
    for (const target of [`${outside.origin}/`, 'http://intranet.test/', 'http://169.254.169.254/latest/meta-data/']) {
      expect((await proxiedGet(target)).status, target).toBe(403);
    }
    expect(outside.requests).toHaveLength(0);
  });

  it('refuses requests that are not proxy requests', async () => {
    const answer = await rawExchange(`GET /page HTTP/1.1\r\nHost: ${site.hostPort}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });
});
