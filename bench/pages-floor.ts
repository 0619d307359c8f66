import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The framework floor: a hello-world App Router page with one client island, built by the project's own `next`
 * (Turbopack, as ours is) in the same run as the page bench weighs ours. What it ships — React DOM, the router,
 * the bundler's runtime — is what no page of ours can go under; the bench prints each route's weight above it.
 * It lives outside the project: Turbopack looks for instrumentation and proxy files up the folders from the app,
 * so inside the project it would bundle ours. It reaches the project's node_modules through a link, with the
 * bundler's root at / so the link stays inside it.
 */
export const FLOOR_DIR = path.join(tmpdir(), 'grabline-floor-app');

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'grabline-floor', private: true }, null, 2),
  'next.config.mjs': 'export default { reactStrictMode: true, poweredByHeader: false, turbopack: { root: "/" }, outputFileTracingRoot: "/" };\n',
  'app/layout.js': [
    'export const metadata = { title: "Floor" };',
    'export default function RootLayout({ children }) {',
    '  return (<html lang="en"><body>{children}</body></html>);',
    '}',
    '',
  ].join('\n'),
  'app/page.js': [
    'import Counter from "./counter";',
    'export default function Home() {',
    '  return (<main><h1>Hello, world</h1><Counter /></main>);',
    '}',
    '',
  ].join('\n'),
  'app/counter.js': [
    '"use client";',
    'import { useState } from "react";',
    'export default function Counter() {',
    '  const [n, setN] = useState(0);',
    '  return (<button type="button" onClick={() => setN(n + 1)}>Clicked {n} times</button>);',
    '}',
    '',
  ].join('\n'),
};

const nextBin = () => path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');

/** Writes the floor app afresh and builds it (a minute or so on two cores). Throws with the build's output on failure. */
export function buildFloorApp(dir = FLOOR_DIR): string {
  rmSync(dir, { recursive: true, force: true });
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  symlinkSync(path.join(process.cwd(), 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  // Run from the floor's own directory: started from the project's, Turbopack picks up the project's
  // instrumentation and proxy files too.
  const built = spawnSync(process.execPath, [nextBin(), 'build'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (built.status !== 0) throw new Error(`the floor app did not build:\n${built.stdout}\n${built.stderr}`);
  return path.join(dir, '.next');
}

/** Serves the built floor app; resolves once its page answers. */
export async function startFloorServer(port: number, dir = FLOOR_DIR): Promise<ChildProcess> {
  const child = spawn(process.execPath, [nextBin(), 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the floor app's server exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the floor app's server on port ${port} did not answer`);
}
