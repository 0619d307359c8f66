// The engine's update, run under scripts/engine-update.sh's lock:
//   1. fetch the newest yt-dlp Debian's unstable suite offers (scripts/engine-install.sh --stage);
//   2. smoke-test it on a local page with no network (scripts/engine-smoke.mjs); a failing one never goes live;
//   3. switch `current` to it atomically — running servers notice within seconds: new workers start on it, workers
//      busy on the old one finish their analysis first;
//   4. smoke-test it again as `current`, and switch back to the previous engine if that fails.
// The operator's platform canaries run in the server right after it notices the switch (PLATFORM_CANARIES); a canary
// that passed on the previous engine and fails on the new one switches back the same way.
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
    record('current', `${before} is the newest`);
    say(`current — ${before} is the newest engine; nothing changed`);
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
