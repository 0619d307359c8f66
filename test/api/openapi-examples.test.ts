import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as deliver } from '@/app/api/download/[id]/route';
import { POST as analyze } from '@/app/api/media/analyze/route';
import { POST as download } from '@/app/api/media/download/route';
import { GET as progress } from '@/app/api/media/progress/[id]/route';
import { issueApiToken } from '@/lib/auth/api-tokens';
import { appStores } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { clearAnalyses } from '@/lib/media/analyze';
import { codeExamples, TOKEN_PLACEHOLDER } from '@/lib/openapi/code-examples';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { EXAMPLE_MEDIA_URL } from '@/lib/openapi/paths-media';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { until } from './download.testkit';
import { signUp } from './history.testkit';

const run = promisify(execFile);
type Handler = (req: NextRequest, ctx: { params: Promise<never> }) => Promise<Response>;

/** The real route handlers behind a plain node server on loopback: what the examples call. */
const ROUTES: Array<[string, RegExp, Handler]> = [
  ['POST', /^\/api\/media\/analyze$/, analyze as Handler],
  ['POST', /^\/api\/media\/download$/, download as Handler],
  ['GET', /^\/api\/media\/progress\/(?<id>[^/]+)$/, progress as Handler],
  ['GET', /^\/api\/download\/(?<id>[^/]+)$/, deliver as Handler],
];

async function serve(req: IncomingMessage, res: ServerResponse, origin: string) {
  const url = new URL(req.url ?? '/', origin);
  const route = ROUTES.map(([method, pattern, handler]) => ({ method, match: pattern.exec(url.pathname), handler })).find(
    (r) => r.method === req.method && r.match,
  );
  if (!route) return void res.writeHead(404).end();
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []));
  const request = new NextRequest(url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
  const answer = await route.handler(request, { params: Promise.resolve({ ...route.match!.groups }) as Promise<never> });
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

let site: FixtureSite;
let server: Server;
let base: string;
let dir: string;
const saved = { ...process.env };
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'grabline-examples-'));
  site = await startFixtureSite();
  Object.assign(process.env, { TEMP_DIR: path.join(dir, 'temp'), MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port}`, MAX_DOWNLOADS_PER_IP: '100' });
  server = createServer((req, res) => void serve(req, res, base).catch(() => res.writeHead(500).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await site?.close();
  process.env = saved;
  rmSync(dir, { recursive: true, force: true });
});

describe.each(appStores())('the API page’s code examples on $name', ({ open }) => {
  let close: () => Promise<void>;
  let token: string;
  beforeEach(async () => {
    close = await open();
    clearAnalyses();
    const { userId } = await signUp('dev@example.com');
    token = (await issueApiToken(await getDb(), userId)).token;
  });
  afterEach(async () => close());

  /** The example as a reader would use it: our server, their token, their link. */
  const example = (id: string, media: string) => {
    const code = codeExamples(buildOpenApiDocument(base)).find((sample) => sample.id === id)!.code;
    expect(code).toContain(TOKEN_PLACEHOLDER);
    expect(code).toContain(EXAMPLE_MEDIA_URL);
    return code.replaceAll(TOKEN_PLACEHOLDER, token).replaceAll(EXAMPLE_MEDIA_URL, media);
  };

  it('runs the cURL example with curl', async () => {
    const commands = example('curl', `${site.origin}/video.mp4?curl=1`).split('\n\n');
    expect(commands).toHaveLength(3);
    const answers: Array<{ success: boolean; data: Record<string, unknown> }> = [];
    for (const command of commands) {
      const downloadId = answers[1]?.data.downloadId as string | undefined;
      const { stdout } = await run('bash', ['-c', downloadId ? command.replaceAll('DOWNLOAD_ID', downloadId) : command]);
      answers.push(JSON.parse(stdout));
    }
    expect(answers.map((a) => a.success)).toEqual([true, true, true]);
    expect(answers[0].data.title).toBeTruthy();
    expect(answers[1].data.downloadId).toMatch(/^dl_/);
    expect(answers[2].data.id).toBe(answers[1].data.downloadId);
    // Let the job end inside this test, so it is not still writing when the next test swaps the store.
    await until(async () => {
      const { stdout } = await run('bash', ['-c', commands[2].replaceAll('DOWNLOAD_ID', answers[1].data.downloadId as string)]);
      return ['ready', 'failed'].includes(JSON.parse(stdout).data.status);
    }, 30_000);
  });

  it('runs the JavaScript example with node, through to a ready download', async () => {
    const file = path.join(dir, `example-${Date.now()}.mjs`);
    writeFileSync(file, example('javascript', `${site.origin}/video.mp4?js=1`));
    const { stdout } = await run(process.execPath, [file], { timeout: 60_000 });
    expect(stdout).toMatch(/ready 100%/);
    const link = /Download: (\S+)/.exec(stdout)?.[1];
    expect(link?.startsWith(`${base}/api/download/`)).toBe(true);
    const file200 = await fetch(link!);
    expect(file200.status).toBe(200);
    expect((await file200.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('runs the Python example with requests', async () => {
    const file = path.join(dir, `example-${Date.now()}.py`);
    writeFileSync(file, example('python', `${site.origin}/video.mp4?py=1`));
    const { stdout } = await run('python3', [file], { timeout: 60_000 });
    expect(stdout).toMatch(/ready 100%/);
    expect(stdout).toContain(`Download: ${base}/api/download/`);
  });
});
