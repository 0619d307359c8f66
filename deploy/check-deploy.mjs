// What a user of a deployed Grabline would check, against its public address (deploy/test-image.sh and
// deploy/test-compose.sh run it; nothing here knows about containers). Each step prints one line: what it asked
// and what came back. Exits non-zero at the first step that fails.
//   node deploy/check-deploy.mjs first  --base URL --fixture URL --state FILE   pages, an account, an analysis, a download
//   node deploy/check-deploy.mjs again  --base URL --state FILE                 the same account and its history, after a restart
//   node deploy/check-deploy.mjs slow-download --base URL --fixture URL --state FILE   start one slow download, print its id
//   node deploy/check-deploy.mjs finish --base URL --fixture URL --state FILE         wait for it, fetch it, compare the bytes
//   node deploy/check-deploy.mjs cross  --base URL --node URL --fixture URL --state FILE
//                                   an analysis asked of one web node, followed and downloaded through the proxy
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { base: { type: 'string' }, fixture: { type: 'string' }, state: { type: 'string' }, node: { type: 'string' } },
});
const phase = positionals[0];
const base = values.base;
const saved = existsSync(values.state ?? '') ? readFileSync(values.state, 'utf8').trim() : '';
const state = saved ? JSON.parse(saved) : {};
const save = () => values.state && writeFileSync(values.state, JSON.stringify(state, null, 2));

function step(text) {
  console.log(`  ✓ ${text}`);
}
function fail(text) {
  console.error(`  ✗ ${text}`);
  process.exit(1);
}

async function call(url, { body, token, method } = {}) {
  const res = await fetch(url, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page, not an answer of the API
  }
  return { status: res.status, json, text };
}

async function data(url, options) {
  const res = await call(url, options);
  if (!res.json?.success) fail(`${options?.body ? 'POST' : 'GET'} ${url} → ${res.status} ${res.json?.code ?? ''} ${res.json?.error ?? res.text.slice(0, 200)}`);
  return res.json.data;
}

async function waitFor(what, probe, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    last = await probe().catch((error) => ({ error: String(error) }));
    if (last?.done) return last.value;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`${what}: still not done after ${timeoutMs / 1000} s (last: ${JSON.stringify(last)})`);
}

async function pages() {
  const ready = await call(`${base}/api/health/ready`);
  if (ready.status !== 200) fail(`GET /api/health/ready → ${ready.status} ${ready.text.slice(0, 300)}`);
  step(`GET /api/health/ready → 200 ${JSON.stringify(ready.json?.data?.checks ?? ready.json)}`);
  const en = await call(`${base}/`);
  if (en.status !== 200 || !/<html[^>]*lang="en"/.test(en.text)) fail(`GET / → ${en.status}, not an English page`);
  step(`GET / → 200, <html lang="en">, ${en.text.length} bytes`);
  const ar = await call(`${base}/ar`);
  if (ar.status !== 200 || !/<html[^>]*lang="ar"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar"/.test(ar.text)) fail(`GET /ar → ${ar.status}, not an Arabic right-to-left page`);
  step(`GET /ar → 200, <html lang="ar" dir="rtl">, ${ar.text.length} bytes`);
}

async function signIn() {
  const session = await data(`${base}/api/auth/login`, { body: { email: state.email, password: state.password } });
  step(`POST /api/auth/login → signed in as ${session.user.email}`);
  return session.accessToken;
}

/** Analyses `url` as the signed-in user, following the job to its end (asked of `at`, followed at `base`). */
async function analyse(url, token, at = base) {
  const started = await data(`${at}/api/analyze`, { body: { url }, token });
  const done = await waitFor('the analysis', async () => {
    const status = await data(`${base}/api/status/${started.jobId}`, { token });
    return { done: status.status === 'ready' || status.status === 'failed', value: status };
  });
  if (done.status !== 'ready') fail(`analysis of ${url} → ${done.status} ${done.code ?? ''}`);
  step(`POST /api/analyze → job ${started.jobId} ready: "${done.metadata?.title}", ${done.metadata?.formats?.length ?? 0} formats`);
  return done;
}

async function fetchFile(url, token) {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status !== 200) fail(`GET ${url} → ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

function probe(bytes) {
  const dir = mkdtempSync(path.join(tmpdir(), 'grabline-check-'));
  const file = path.join(dir, 'file.mp4');
  writeFileSync(file, bytes);
  try {
    return execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name', '-of', 'csv=p=0', file], { encoding: 'utf8' })
      .trim().split('\n').join(' ');
  } catch (error) {
    fail(`ffprobe could not read the downloaded file: ${error}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function download(url, token, id) {
  const downloadId = id ?? (await data(`${base}/api/media/download`, { body: { url, quality: '720p', format: 'mp4' }, token })).downloadId;
  const done = await waitFor('the download', async () => {
    const progress = await data(`${base}/api/media/progress/${downloadId}`, { token });
    return { done: progress.status === 'ready' || progress.status === 'failed', value: progress };
  }, 180_000);
  if (done.status !== 'ready') fail(`download ${downloadId} → ${done.status} ${done.code ?? ''}`);
  const bytes = await fetchFile(`${base}${done.downloadUrl}`, token);
  const sha = createHash('sha256').update(bytes).digest('hex');
  step(`POST /api/media/download → ${downloadId} ready; GET ${done.downloadUrl.split('?')[0]} → ${bytes.length} bytes, sha256 ${sha.slice(0, 12)}…, ffprobe: ${probe(bytes)}`);
  return { downloadId, bytes, sha };
}

async function history(token) {
  const list = await data(`${base}/api/history?limit=50`, { token });
  return list.total ?? list.downloads?.length ?? 0;
}

if (phase === 'first') {
  await pages();
  state.email = `deploy-${randomBytes(4).toString('hex')}@example.org`;
  state.password = `Deploy-${randomBytes(9).toString('base64url')}`;
  const registered = await call(`${base}/api/auth/register`, { body: { email: state.email, password: state.password } });
  if (registered.status !== 201) fail(`POST /api/auth/register → ${registered.status} ${registered.text.slice(0, 200)}`);
  step(`POST /api/auth/register → 201 (${state.email})`);
  save();
  const token = await signIn();
  const url = `${values.fixture}/video.mp4`;
  await analyse(url, token);
  const { sha } = await download(url, token);
  const original = createHash('sha256').update(await fetchFile(url)).digest('hex');
  if (sha !== original) fail(`the downloaded file differs from the fixture (${sha} ≠ ${original})`);
  step('the downloaded file is the fixture, byte for byte');
  const total = await waitFor('the history row', async () => {
    const n = await history(token);
    return { done: n >= 1, value: n };
  }, 20_000);
  state.history = total;
  save();
  step(`GET /api/history → ${total} download(s)`);
} else if (phase === 'again') {
  await pages();
  const token = await signIn();
  const total = await history(token);
  if (total < (state.history ?? 1)) fail(`GET /api/history → ${total} download(s), ${state.history} before the restart`);
  step(`GET /api/history → ${total} download(s), as before the restart`);
} else if (phase === 'slow-download') {
  // 3 MB at 300 kB/s: about ten seconds of work, so a worker can be stopped in the middle of it.
  const token = await signIn();
  const url = `${values.fixture}/_sw/throttle=300000/video.mp4?run=${randomBytes(4).toString('hex')}`;
  const { downloadId } = await data(`${base}/api/media/download`, { body: { url, quality: '720p', format: 'mp4' }, token });
  await waitFor('the download to start', async () => {
    const progress = await data(`${base}/api/media/progress/${downloadId}`, { token });
    return { done: progress.status === 'processing', value: progress };
  }, 60_000);
  state.slow = { downloadId, token };
  save();
  step(`POST /api/media/download → ${downloadId}, processing`);
  console.log(downloadId);
} else if (phase === 'finish') {
  const { downloadId, token } = state.slow;
  const { sha } = await download(null, token, downloadId);
  const original = createHash('sha256').update(await fetchFile(`${values.fixture}/video.mp4`)).digest('hex');
  if (sha !== original) fail(`the downloaded file differs from the fixture (${sha} ≠ ${original})`);
  step('the file finished by the other worker is the fixture, byte for byte');
} else if (phase === 'cross') {
  const token = await signIn();
  const url = `${values.fixture}/video.mp4?run=${randomBytes(4).toString('hex')}`;
  await analyse(url, token, values.node);
  step(`  (asked of ${values.node}, followed at ${base})`);
  await download(url, token);
} else {
  console.error('usage: node deploy/check-deploy.mjs first|again|slow-download|finish|cross --base URL [--fixture URL] [--node URL] --state FILE');
  process.exit(64);
}
