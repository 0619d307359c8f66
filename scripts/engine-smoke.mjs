// Smoke test of one yt-dlp engine folder, with no network: the engine must import with Debian's python3, answer as a
// Grabline worker (worker.py's ready line and version), and extract a page this script serves itself on 127.0.0.1.
//   node scripts/engine-smoke.mjs <version folder>     exit 0 and one JSON line when it passes, exit 1 with the reason
// Also imported by scripts/engine-update.mjs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PYTHON = '/usr/bin/python3';
const SITE_PACKAGES = path.join('usr', 'lib', 'python3', 'dist-packages');
const TIMEOUT_MS = 60_000;

/** The fixture: a page that names one MP4 the way most sites do (OpenGraph and a <video>). */
function startFixture() {
  const clip = Buffer.alloc(4096, 0);
  const server = createServer((req, res) => {
    const origin = `http://127.0.0.1:${server.address().port}`;
    if (req.url === '/smoke.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Engine smoke test</title>
<meta property="og:title" content="Engine smoke test"><meta property="og:video" content="${origin}/smoke.mp4">
<meta property="og:video:type" content="video/mp4"></head>
<body><video src="${origin}/smoke.mp4" controls></video></body></html>`);
    } else if (req.url === '/smoke.mp4') {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length });
      res.end(req.method === 'HEAD' ? undefined : clip);
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function run(args, env, input) {
  return new Promise((resolve) => {
    const child = spawn(PYTHON, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => (stderr += String(error)));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
  });
}

function engineEnv(folder) {
  return {
    PATH: '/usr/bin:/bin',
    HOME: folder,
    LANG: 'C.UTF-8',
    PYTHONPATH: path.join(folder, SITE_PACKAGES),
    PYTHONNOUSERSITE: '1',
    PYTHONDONTWRITEBYTECODE: '1',
  };
}

/** Resolves to { ok: true, version } or { ok: false, reason }. */
export async function smokeTest(folder) {
  if (!existsSync(path.join(folder, SITE_PACKAGES, 'yt_dlp'))) return { ok: false, reason: `${folder} holds no yt_dlp package` };
  const env = engineEnv(folder);
  // 1. As the pool runs it: worker.py imports the engine, says ready, answers a version request.
  const worker = await run(['-u', '-s', path.join(ROOT, 'lib', 'media', 'ytdlp', 'worker.py')], env, '{"id":1,"cmd":"version"}\n');
  const lines = worker.stdout.split('\n').filter(Boolean).map((line) => {
    try {
      return JSON.parse(line);
    } catch {
      return {};
    }
  });
  const version = lines.find((line) => line.id === 1 && line.ok)?.version;
  if (!lines.some((line) => line.ready) || !version) {
    return { ok: false, reason: `the worker did not start on it: ${lastLine(worker.stderr) || `exit ${worker.code}`}` };
  }
  // 2. An extraction of a local page, end to end through yt-dlp's own command line.
  const server = await startFixture();
  try {
    const origin = `http://127.0.0.1:${server.address().port}`;
    const result = await run(['-s', '-m', 'yt_dlp', '-J', '--ignore-config', '--no-cache-dir', '--no-warnings', '--', `${origin}/smoke.html`], env);
    if (result.code !== 0) return { ok: false, reason: `extraction failed: ${lastLine(result.stderr) || `exit ${result.code}`}` };
    let info;
    try {
      info = JSON.parse(result.stdout);
    } catch {
      return { ok: false, reason: 'extraction printed no JSON' };
    }
    const urls = [info.url, ...(info.formats ?? []).map((format) => format.url), ...(info.entries ?? []).map((entry) => entry.url)];
    if (!urls.includes(`${origin}/smoke.mp4`)) return { ok: false, reason: 'extraction did not find the fixture video' };
  } finally {
    server.close();
  }
  return { ok: true, version };
}

function lastLine(text) {
  return String(text).trim().split('\n').filter(Boolean).pop()?.slice(0, 300) ?? '';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: node scripts/engine-smoke.mjs <engine version folder>');
    process.exit(64);
  }
  const result = await smokeTest(path.resolve(folder));
  console.log(JSON.stringify(result));
  process.exit(result.ok ? 0 : 1);
}
