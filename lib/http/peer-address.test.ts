import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { malformedPath, peerAddress, recordPeerAddresses } from './peer-address';

/** A real Node server with the recording installed, answering the headers its handler received. */
let server: Server;
let port: number;
beforeAll(async () => {
  recordPeerAddresses();
  server = createServer((req, res) => res.end(JSON.stringify({ peer: peerAddress(new Headers(req.headers as Record<string, string>)), url: req.url })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject).end();
  });
}

describe('the Node server, before Next', () => {
  it('writes the TCP peer into a header of a random name, over whatever the caller sent', async () => {
    const name = recordPeerAddresses();
    expect(name).toMatch(/^x-grabline-peer-[0-9a-f]{32}$/);
    expect(recordPeerAddresses()).toBe(name);
    expect(JSON.parse((await get('/')).body).peer).toBe('127.0.0.1');
    // Even a caller that learnt the name cannot choose its address.
    expect(JSON.parse((await get('/', { [name]: '203.0.113.9', 'x-grabline-peer': '203.0.113.9' })).body).peer).toBe('127.0.0.1');
  });

  it('answers 400 to a path that is not valid percent-encoding, and lets every valid one through', async () => {
    for (const path of ['/%E0', '/download/%', '/api/history/seen/%E0%A4%A', '/%ZZ?x=1']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'invalid_request' });
    }
    for (const path of ['/', '/download/%E2%9C%93', '/a%20b?q=%', '/fr/download/caf%C3%A9']) {
      expect((await get(path)).status, path).toBe(200);
    }
  });

  it('tells a malformed path in linear time', () => {
    expect(malformedPath(`/${'%E0%A4'.repeat(50_000)}`)).toBe(true);
    expect(malformedPath(`/${'%'.repeat(100_000)}`)).toBe(true);
    expect(malformedPath(`/ok?${'%'.repeat(10)}`)).toBe(false);
    expect(malformedPath(undefined)).toBe(false);
  });
});
