import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const nginxInstalled = (): boolean => spawnSync('nginx', ['-v']).error === undefined;

/**
 * Debian's nginx, run unprivileged in a folder of its own with one `server { … }` block; resolves once `probe`
 * answers through it. `stop` ends it and removes the folder.
 */
export async function startNginx(serverBlock: string, probe: string): Promise<{ stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'grabline-nginx-'));
  writeFileSync(join(dir, 'server.conf'), serverBlock);
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  writeFileSync(join(dir, 'nginx.conf'), [
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'daemon off;',
    'events {}',
    `http { access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')} include ${join(dir, 'server.conf')}; }`,
  ].join('\n'));
  const nginx = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' });
  const stop = async () => {
    nginx.kill('SIGQUIT');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (await fetch(probe).then((r) => r.ok, () => false)) return { stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  const log = readFileSync(join(dir, 'error.log'), 'utf8');
  await stop();
  throw new Error(`nginx did not come up: ${log}`);
}
