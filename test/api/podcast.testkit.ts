import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { GET as chaptersGet } from '@/app/api/podcast/[followId]/[token]/chapters/[file]/route';
import { GET as feedGet } from '@/app/api/podcast/[followId]/[token]/feed.xml/route';
import { GET as mediaGet, HEAD as mediaHead } from '@/app/api/podcast/[followId]/[token]/media/[file]/route';
import { restoreContentLength } from '@/lib/http/wire-length';

type Handler = (req: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response>;

const ROUTES: { method: string; path: RegExp; handler: Handler }[] = [
  { method: 'GET', path: /^\/api\/podcast\/(?<followId>[^/]+)\/(?<token>[^/]+)\/feed\.xml$/, handler: feedGet },
  { method: 'GET', path: /^\/api\/podcast\/(?<followId>[^/]+)\/(?<token>[^/]+)\/media\/(?<file>[^/]+)$/, handler: mediaGet },
  { method: 'HEAD', path: /^\/api\/podcast\/(?<followId>[^/]+)\/(?<token>[^/]+)\/media\/(?<file>[^/]+)$/, handler: mediaHead },
  { method: 'GET', path: /^\/api\/podcast\/(?<followId>[^/]+)\/(?<token>[^/]+)\/chapters\/(?<file>[^/]+)$/, handler: chaptersGet },
];

/**
 * The feed routes behind a real socket, answered as `next start` does: Content-Length dropped from the handler's
 * headers and put back from the wire-length header (instrumentation.ts installs the same translation).
 */
export async function startFeedServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  restoreContentLength();
  let origin = '';
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const found = ROUTES.map((r) => ({ r, m: req.method === r.method ? r.path.exec(url.pathname) : null })).find((x) => x.m);
      if (!found) return void res.writeHead(404).end();
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const params = Object.fromEntries(Object.entries(found.m!.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
      const response = await found.r.handler(new NextRequest(url, { method: req.method, headers }), { params: Promise.resolve(params) });
      res.statusCode = response.status;
      response.headers.forEach((value, name) => {
        if (name !== 'content-length') res.setHeader(name, value);
      });
      if (!response.body || req.method === 'HEAD') return void res.end();
      const reader = response.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    })().catch((error: unknown) => {
      console.error('[feed-server]', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
