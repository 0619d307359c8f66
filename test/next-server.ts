import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Every browser test connects from 127.0.0.1, so the whole suite is one client to the server: its per-address
 * limits are raised for test servers (each limit has its own unit test).
 */
export const ONE_CLIENT_SUITE_LIMITS: Record<string, string> = {
  ANON_ANALYZE_HOURLY_LIMIT: '10000',
  REGISTER_ADDRESS_LIMIT: '10000',
  LOGIN_ADDRESS_LIMIT: '10000',
  STATUS_STREAMS_PER_CLIENT: '1000',
  ANALYSES_IN_FLIGHT_PER_CLIENT: '1000',
  USER_CONCURRENT_JOBS: '64',
};

/**
 * The production server (`next start`, bound to loopback as deployed) with an environment of its own, for the
 * specs and benches that need a server besides the suite's: resolves once /api/health/live answers. It runs
 * node directly (no npx in between), so killing the returned process stops the server.
 */
export async function startNextServer(port: number, env: Record<string, string>, waitMs = 120_000): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...ONE_CLIENT_SUITE_LIMITS, ...env },
  });
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`next start on port ${port} exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/api/health/live`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`next start on port ${port} did not answer within ${waitMs} ms`);
}
