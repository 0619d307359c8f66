/**
 * The fixture site in its own Node process (TypeScript loaded by jiti), so the origin does not share the bench's
 * event loop or CPU accounting — as a real CDN would not. Not a bench itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `prepare`: module code run before the site starts, to generate a bench's media; it sees `jiti`, and the
 * fixtures' `media` (test/fixtures/media.ts) and `streams` (test/fixtures/media-streams.ts) modules.
 */
export async function startSiteProcess(prepare = ''): Promise<{ origin: string; child: ChildProcess }> {
  const script = `
    import { createJiti } from 'jiti';
    const jiti = createJiti(process.cwd() + '/');
    const media = await jiti.import('./test/fixtures/media.ts');
    const streams = await jiti.import('./test/fixtures/media-streams.ts');
    const { startFixtureSite } = await jiti.import('./test/fixtures/server.ts');
    ${prepare}
    const site = await startFixtureSite();
    console.log('ORIGIN ' + site.origin);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ORIGIN (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`fixture site exited (${code})`)));
  });
  process.on('exit', () => child.kill());
  return { origin, child };
}
