import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A throwaway HTTP server on 127.0.0.1 for tests; records what it was asked. */
export interface LoopbackServer {
  origin: string;
  port: number;
  hostPort: string;
  requests: http.IncomingMessage[];
  close(): Promise<void>;
}

export async function startLoopbackServer(handler: http.RequestListener): Promise<LoopbackServer> {
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hostPort: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Set MEDIA_FETCH_ALLOW to exactly these `host:port` origins. */
export function allowOrigins(...hostPorts: string[]): void {
  process.env.MEDIA_FETCH_ALLOW = hostPorts.join(',');
}
