import { execFile } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { bgutilsDir, denoBinary, resolveEngine } from '../engine';
import { createYtdlpPool } from '../pool';
import { expectedToken, startStubChallenge, type StubChallenge } from './stub-challenge';

const HERE = join(process.cwd(), 'lib', 'media', 'ytdlp', 'pot');
const engine = resolveEngine();
const deno = denoBinary();
const skip = engine.source !== 'debian-unstable' ? 'the current engine is not installed (bash scripts/engine-install.sh)'
  : !deno ? 'the deno npm package is not installed' : '';
if (skip) console.warn(`[po-token] skipped: ${skip}`);

const VISITOR = 'CgtBQkNERUZHSElKSyiAgICABg%3D%3D';

interface Asked { context: 'gvs' | 'player'; visitorData?: string; videoId?: string; proxy?: string; sleep?: number }
type Answer = Array<{ token?: string | null; state?: string }>;

/** yt-dlp's own PO token director, with our provider registered, asked for each token in turn. */
function askYtdlp(stub: StubChallenge, requests: Asked[], extra: Record<string, unknown> = {}): Promise<Answer> {
  const arg = JSON.stringify({ origin: stub.origin, hosts: [stub.host], requests, ...extra });
  const env = { PATH: '/usr/bin:/bin', PYTHONDONTWRITEBYTECODE: '1', PYTHONPATH: engine.pythonPath!, GRABLINE_DENO: deno!, GRABLINE_BGUTILS: bgutilsDir(), TMPDIR: '/tmp' };
  return new Promise((resolve, reject) => {
    execFile('/usr/bin/python3', ['-s', join(HERE, 'pot_harness.py'), arg], { env: env as unknown as NodeJS.ProcessEnv, timeout: 60_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Answer)));
  });
}

let stub: StubChallenge;
afterEach(async () => {
  await stub?.close();
});

describe.skipIf(Boolean(skip))('the PO token provider against a stub challenge', () => {
  it('mints through BotGuard in Deno, and yt-dlp caches the token for its lifetime', async () => {
    stub = await startStubChallenge();
    const answer = await askYtdlp(stub, [
      { context: 'gvs', visitorData: VISITOR },
      { context: 'gvs', visitorData: VISITOR },
      { context: 'player', videoId: 'dQw4w9WgXcQ' },
    ]);
    // The content binding of a GVS token is the visitor data exactly as YouTube gave it.
    expect(answer[0].token).toBe(expectedToken(1, VISITOR));
    expect(answer[1].token).toBe(answer[0].token);
    // A new binding is minted with the same integrity token: BotGuard ran once for all three.
    expect(answer[2].token).toBe(expectedToken(1, 'dQw4w9WgXcQ'));
    expect(stub.calls).toEqual({ create: 1, generate: 1 });
    expect(JSON.parse(stub.snapshots[0])).toEqual({ program: 'stub-program', probes: null });
    expect(answer[3].state).toBe('working');
  });

  it('runs the challenge again once the integrity token has lived its life', async () => {
    stub = await startStubChallenge();
    stub.ttl = { seconds: 2, refresh: 0 };
    const answer = await askYtdlp(stub, [
      { context: 'gvs', visitorData: VISITOR },
      { context: 'gvs', visitorData: VISITOR, sleep: 2.5 },
    ]);
    expect(answer[0].token).toBe(expectedToken(1, VISITOR));
    expect(answer[1].token).toBe(expectedToken(2, VISITOR));
    expect(stub.calls.create).toBe(2);
  });

  it('gives no token and says failing when the challenge fails', async () => {
    stub = await startStubChallenge();
    stub.failWith = 503;
    const answer = await askYtdlp(stub, [{ context: 'gvs', visitorData: VISITOR }]);
    expect(answer[0].token).toBeNull();
    expect(answer[1].state).toBe('failing');
    expect(stub.calls).toEqual({ create: 1, generate: 0 });
  });

  it('sends the challenge traffic through the proxy yt-dlp names', async () => {
    stub = await startStubChallenge();
    const seen: string[] = [];
    // A forward proxy for plain http, as the egress proxy is to Deno: requests arrive in absolute form.
    const proxy = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      const target = new URL(req.url!);
      const upstream = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const answer = await askYtdlp(stub, [{ context: 'gvs', visitorData: VISITOR, proxy: proxyUrl }], { requireProxy: true });
      expect(answer[0].token).toBe(expectedToken(1, VISITOR));
      expect(seen).toEqual([`POST ${stub.origin}/api/jnn/v1/Create`, `POST ${stub.origin}/api/jnn/v1/GenerateIT`]);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('mints nothing outside the egress proxy', async () => {
    stub = await startStubChallenge();
    const answer = await askYtdlp(stub, [{ context: 'gvs', visitorData: VISITOR }], { requireProxy: true });
    expect(answer[0].token).toBeNull();
    expect(stub.calls.create).toBe(0);
  });
});

describe.skipIf(Boolean(skip))('the sandbox BotGuard runs in', () => {
  let other: ReturnType<typeof createServer>;
  let otherHits = 0;
  let otherPort = 0;
  beforeAll(async () => {
    other = createServer((_req, res) => {
      otherHits += 1;
      res.end('reached');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherPort = (other.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

  it('refuses the challenge code files outside its own, other hosts, the environment, writes and subprocesses', async () => {
    const repoFile = join(process.cwd(), 'package.json');
    const ownFile = join(HERE, 'minter.js');
    stub = await startStubChallenge(`
      const out = {};
      const attempt = async (name, fn) => { try { await fn(); out[name] = 'allowed'; } catch (e) { out[name] = e && e.name; } };
      await attempt('ownCode', () => Deno.readTextFile(${JSON.stringify(ownFile)}));
      await attempt('repoFile', () => Deno.readTextFile(${JSON.stringify(repoFile)}));
      await attempt('neighbour', () => Deno.readTextFile(${JSON.stringify(join(HERE, 'grabline_pot.py'))}));
      await attempt('systemFile', () => Deno.readTextFile('/etc/passwd'));
      await attempt('challengeHost', () => fetch(CHALLENGE + '/ping').then((r) => r.text()));
      await attempt('otherHost', () => fetch('http://127.0.0.1:${otherPort}/').then((r) => r.text()));
      await attempt('otherName', () => fetch('http://localhost:${otherPort}/').then((r) => r.text()));
      await attempt('env', () => Deno.env.get('PATH'));
      await attempt('write', () => Deno.writeTextFile('/tmp/grabline-pot-escape', 'x'));
      await attempt('run', () => new Deno.Command('/bin/true').output());
      return out;`);
    const answer = await askYtdlp(stub, [{ context: 'gvs', visitorData: VISITOR }]);
    expect(answer[0].token).toBe(expectedToken(1, VISITOR));
    const { probes } = JSON.parse(stub.snapshots[0]) as { probes: Record<string, string> };
    expect(probes).toEqual({
      ownCode: 'allowed',
      repoFile: 'NotCapable',
      neighbour: 'NotCapable',
      systemFile: 'NotCapable',
      challengeHost: 'allowed',
      otherHost: 'NotCapable',
      otherName: 'NotCapable',
      env: 'NotCapable',
      write: 'NotCapable',
      run: 'NotCapable',
    });
    expect(otherHits).toBe(0);
  });
});

describe.skipIf(Boolean(skip))('PO_TOKENS in the worker pool', () => {
  afterEach(() => {
    delete process.env.PO_TOKENS;
  });

  it.each([
    ['on', 'ready'],
    ['off', 'off'],
  ])('PO_TOKENS=%s: the workers report %s', async (setting, state) => {
    process.env.PO_TOKENS = setting;
    const pool = createYtdlpPool({ size: 1 });
    try {
      expect((await pool.engineInfo()).poToken).toBe(state);
    } finally {
      await pool.close();
    }
  });
});
