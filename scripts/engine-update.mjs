// The engine's update, run under scripts/engine-update.sh's lock:
//   1. fetch the newest yt-dlp Debian's unstable suite offers (scripts/engine-install.sh --stage);
//   2. smoke-test it on a local page with no network (scripts/engine-smoke.mjs); a failing one never goes live;
//   3. run the operator's platform canaries (PLATFORM_CANARIES, scripts/engine-canaries.ts) on the engine in use and
//      on the new one; a platform that passes now and fails on the new engine keeps it from going live;
//   4. switch `current` to it atomically — running servers notice within seconds: new workers start on it, workers
//      busy on the old one finish their analysis first;
//   5. smoke-test it again as `current`, and switch back to the previous engine if that fails.
// The server runs the canaries again right after it notices the switch; a canary that passed on the previous engine
// and fails on the new one there switches back the same way.
// Every run leaves its verdict in <engine dir>/update.json, which /api/health reports.
import { spawnSync } from 'node:child_process';
import { existsSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { smokeTest } from './engine-smoke.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENGINE_DIR = process.env.GRABLINE_ENGINE_DIR || path.join(process.env.DATA_DIR || path.join(ROOT, 'data'), 'engine');

function say(text) {
  console.log(`engine:update: ${text}`);
}

function record(result, message) {
  const file = path.join(ENGINE_DIR, 'update.json');
  writeFileSync(`${file}.tmp`, JSON.stringify({ at: new Date().toISOString(), result, message }) + '\n');
  renameSync(`${file}.tmp`, file);
}

function install(...args) {
  const result = spawnSync('bash', [path.join(ROOT, 'scripts', 'engine-install.sh'), ...args], {
    cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, GRABLINE_ENGINE_DIR: ENGINE_DIR },
  });
  return { code: result.status, out: (result.stdout || '').trim().split('\n').pop() || '' };
}

/** The canaries on the engine in use and on `folder`: { configured, before, candidate, regressions } or { error }. */
function checkCanaries(folder) {
  const jiti = path.join(ROOT, 'node_modules', '.bin', 'jiti');
  if (!existsSync(jiti)) return { error: 'jiti is not installed (npm ci installs it)' };
  const result = spawnSync(jiti, [path.join(ROOT, 'scripts', 'engine-canaries.ts'), ENGINE_DIR, folder], {
    cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30 * 60 * 1000,
    env: {
      ...process.env,
      JITI_ALIAS: JSON.stringify({ '@/': `${ROOT}/`, 'server-only': path.join(ROOT, 'node_modules', 'server-only', 'empty.js') }),
    },
  });
  try {
    if (result.status === 0) return JSON.parse(result.stdout.trim().split('\n').pop());
  } catch {
    // falls through to the error below
  }
  return { error: (result.stderr || '').trim().split('\n').pop() || `exit ${result.status}` };
}

const verdict = (code) => (code === null ? 'passes' : `fails (${code})`);

function currentTarget() {
  try {
    return readlinkSync(path.join(ENGINE_DIR, 'current'));
  } catch {
    return null;
  }
}

async function main() {
  const before = currentTarget();
  const staged = install('--stage');
  if (staged.code !== 0) {
    record('failed', `engine-install.sh exited ${staged.code}`);
    say(`fetching failed (exit ${staged.code}); nothing changed`);
    return 1;
  }
  if (staged.out === 'CURRENT') {
    record('current', `${before ?? 'the packaged engine'} is the newest`);
    say(`current — ${before ?? 'the packaged engine'} is the newest engine; nothing changed`);
    return 0;
  }
  if (!staged.out || !existsSync(staged.out)) {
    record('fallback', 'no newer engine could be fetched');
    say(before ? `no newer engine could be fetched; ${before} stays` : "no newer engine could be fetched; Debian's packaged yt-dlp stays the engine");
    return 0;
  }
  const folder = staged.out;
  const smoke = await smokeTest(folder);
  if (!smoke.ok) {
    rmSync(folder, { recursive: true, force: true });
    record('rolled_back', `${path.basename(folder)} failed its smoke test (${smoke.reason}); ${before ?? "Debian's packaged yt-dlp"} stays`);
    say(`${path.basename(folder)} failed its smoke test: ${smoke.reason}`);
    say(`kept ${before ?? "Debian's packaged yt-dlp"}; the failed version was removed`);
    return 1;
  }
  const canaries = checkCanaries(folder);
  if (canaries.error) {
    rmSync(folder, { recursive: true, force: true });
    record('failed', `the platform canaries could not be run (${canaries.error}); ${before ?? "Debian's packaged yt-dlp"} stays`);
    say(`the platform canaries could not be run: ${canaries.error}; kept ${before ?? "Debian's packaged yt-dlp"}`);
    return 1;
  }
  if (!canaries.configured) say('no platform canaries configured (PLATFORM_CANARIES)');
  for (const [platform, code] of Object.entries(canaries.candidate ?? {})) {
    say(`canary ${platform}: ${verdict(canaries.before[platform])} on ${before ?? "Debian's packaged yt-dlp"}, ${verdict(code)} on ${path.basename(folder)}`);
  }
  if (canaries.regressions?.length) {
    rmSync(folder, { recursive: true, force: true });
    const broken = canaries.regressions.map((platform) => `${platform} (${canaries.candidate[platform]})`).join(', ');
    record('rolled_back', `${path.basename(folder)} broke platform canaries that pass on ${before ?? "Debian's packaged yt-dlp"}: ${broken}; it stays`);
    say(`${path.basename(folder)} broke platform canaries that pass today: ${broken}`);
    say(`kept ${before ?? "Debian's packaged yt-dlp"}; the failed version was removed`);
    return 1;
  }
  const switched = install('--switch', folder);
  if (switched.code !== 0) {
    record('failed', `could not switch to ${path.basename(folder)}`);
    return 1;
  }
  const live = await smokeTest(path.join(ENGINE_DIR, 'current'));
  if (!live.ok) {
    if (before) install('--switch', path.join(ENGINE_DIR, before));
    record('rolled_back', `${path.basename(folder)} failed once live (${live.reason}); switched back to ${before}`);
    say(`${path.basename(folder)} failed once live: ${live.reason}; switched back to ${before}`);
    return 1;
  }
  record('switched', `${before ?? "Debian's packaged yt-dlp"} → ${path.basename(folder)} (yt-dlp ${smoke.version})`);
  say(`switched to yt-dlp ${smoke.version} (${path.basename(folder)}); previous: ${before ?? "Debian's packaged yt-dlp"}`);
  return 0;
}

process.exit(await main());
