import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreContentLength, WIRE_LENGTH_HEADER } from './wire-length';

let server: http.Server;
let base: string;

beforeAll(async () => {
  restoreContentLength();
  restoreContentLength(); // twice is once
  server = http.createServer((req, res) => {
    // As Next's sendResponse does: every header but Content-Length copied with setHeader.
    if (req.url === '/known') res.setHeader(WIRE_LENGTH_HEADER, '5');
    if (req.url === '/bogus') res.setHeader(WIRE_LENGTH_HEADER, 'five');
    res.setHeader('Content-Type', 'video/mp4');
    res.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('restoreContentLength', () => {
  it('sends a known length as Content-Length, not chunked, and keeps the private header off the wire', async () => {
    const res = await fetch(`${base}/known`);
    expect(res.headers.get('content-length')).toBe('5');
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(res.headers.has(WIRE_LENGTH_HEADER)).toBe(false);
    expect(await res.text()).toBe('hello');
  });

  it('ignores a value that is not a byte count, and leaves other answers as they were', async () => {
    for (const path of ['/bogus', '/plain']) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.has(WIRE_LENGTH_HEADER)).toBe(false);
      expect(await res.text()).toBe('hello');
    }
  });
});
