import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AppError } from '@/lib/errors';

import { createYtdlpPool, type YtdlpPool } from './pool';

/**
 * yt-dlp applies its proxy to http(s) only. A page that redirects to ftp://127.0.0.1:PORT must not make a
 * worker connect to that port, and the answer must not tell an open port from a closed one.
 */
let redirector: HttpServer;
let listener: TcpServer;
let connections = 0;
let closedPort = 0;
let pool: YtdlpPool;

const portOf = (server: HttpServer | TcpServer) => (server.address() as AddressInfo).port;
const listen = (server: HttpServer | TcpServer) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const close = (server: HttpServer | TcpServer) => new Promise<void>((resolve) => server.close(() => resolve()));

beforeAll(async () => {
  listener = createTcpServer((socket) => {
    connections += 1;
    socket.end('220 ready\r\n');
  });
  await listen(listener);
  const spare = createTcpServer();
  await listen(spare);
  closedPort = portOf(spare);
  await close(spare);
  redirector = createHttpServer((req, res) => {
    const port = req.url === '/open' ? portOf(listener) : req.url === '/ws' ? portOf(listener) : closedPort;
    const scheme = req.url === '/ws' ? 'ws' : 'ftp';
    res.writeHead(302, { location: `${scheme}://127.0.0.1:${port}/secret.mp4` }).end();
  });
  await listen(redirector);
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${portOf(redirector)}`;
  pool = createYtdlpPool({ size: 1 });
});

afterAll(async () => {
  await pool?.close();
  await Promise.all([close(redirector), close(listener)]);
  delete process.env.MEDIA_FETCH_ALLOW;
});

async function refusal(path: string): Promise<AppError> {
  const error = await pool.extract(`http://127.0.0.1:${portOf(redirector)}${path}`).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('yt-dlp worker network', () => {
  it('never connects past the egress proxy on a redirect to another scheme', async () => {
    const open = await refusal('/open');
    const closed = await refusal('/closed');
    const ws = await refusal('/ws');
    expect(connections).toBe(0);
    expect(open.code).toBe('upstream_failed');
    // One text for an open and a closed port: the worker is no port scanner.
    expect(open.message).toBe(closed.message);
    expect(ws.code).toBe('upstream_failed');
    expect(connections).toBe(0);
  });
});
