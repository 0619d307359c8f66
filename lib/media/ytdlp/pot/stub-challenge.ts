/**
 * Test-only: a loopback stand-in for BotGuard's challenge endpoints (`/api/jnn/v1/Create` and `GenerateIT`), in the
 * shapes bgutils-js parses. Its interpreter defines a VM whose minter returns the integrity token's bytes, a `|`
 * and the content binding, so a test can tell exactly which integrity token minted which token. `probes` is code
 * the interpreter runs inside the sandbox during the snapshot (`CHALLENGE` is the stub's origin); what it returns
 * reaches GenerateIT as the snapshot.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubChallenge {
  origin: string;
  host: string;
  calls: { create: number; generate: number };
  /** The snapshot each GenerateIT call carried. */
  snapshots: string[];
  /** Seconds the next integrity tokens live, and the refresh threshold before that. */
  ttl: { seconds: number; refresh: number };
  /** Makes Create answer with this HTTP status instead of a challenge. */
  failWith: number | null;
  close(): Promise<void>;
}

export const STUB_GLOBAL = 'grablineStubVm';

export function integrityBytes(n: number): Buffer {
  return Buffer.from(`integrity-${n}`);
}

/** The token the stub's minter produces for integrity token n and a content binding (as yt-dlp hands it on). */
export function expectedToken(n: number, binding: string): string {
  return Buffer.concat([integrityBytes(n), Buffer.from('|'), Buffer.from(binding)]).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

function interpreter(probes: string, origin: string): string {
  return `const CHALLENGE = ${JSON.stringify(origin)};
  globalThis.${STUB_GLOBAL} = { a(program, setup) {
    const getMinter = async (integrity) => async (binding) => new Uint8Array([...integrity, 124, ...binding]);
    setup(async (done, [, , output]) => {
      output.push(getMinter);
      const probe = async () => { ${probes} };
      done(JSON.stringify({ program, probes: await probe() }));
    }, () => {}, () => {}, () => {});
    return [() => 'sync'];
  } };`;
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });
}

export async function startStubChallenge(probes = 'return null;'): Promise<StubChallenge> {
  let port = 0;
  const stub = { calls: { create: 0, generate: 0 }, snapshots: [] as string[], ttl: { seconds: 3600, refresh: 300 }, failWith: null as number | null };
  const server = createServer(async (req, res) => {
    const text = await body(req);
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && req.url === '/api/jnn/v1/Create') {
      stub.calls.create += 1;
      if (stub.failWith) {
        res.statusCode = stub.failWith;
        res.end('[]');
        return;
      }
      res.end(JSON.stringify([[`message-${stub.calls.create}`, [interpreter(probes, `http://127.0.0.1:${port}`)], null, 'hash', 'stub-program', STUB_GLOBAL]]));
    } else if (req.method === 'POST' && req.url === '/api/jnn/v1/GenerateIT') {
      stub.calls.generate += 1;
      const [, snapshot] = JSON.parse(text) as [string, string];
      stub.snapshots.push(snapshot);
      res.end(JSON.stringify([integrityBytes(stub.calls.generate).toString('base64'), stub.ttl.seconds, stub.ttl.refresh]));
    } else {
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return Object.assign(stub, {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
