import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { settle } from './download.testkit';
import { downloadToFile } from './write-to-file';

let dir: string;
const exists = (file: string) => stat(file).then(() => true, () => false);

/** `count` chunks of 64 KiB, each `delayMs` apart, failing after `failAfter` chunks if set. */
function source(count: number, opts: { delayMs?: number; failAfter?: number } = {}): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < count; i++) {
        if (i === opts.failAfter) throw new AppError('upstream_failed', 'The connection to the source was lost');
        if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
        yield Buffer.alloc(64 * 1024, i);
      }
    })(),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'grabline-write-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('downloadToFile', () => {
  it('writes every byte and reports how many', async () => {
    const file = path.join(dir, 'ok.bin');
    expect(await downloadToFile(source(10), file)).toBe(10 * 64 * 1024);
    const written = await readFile(file);
    expect(written.length).toBe(10 * 64 * 1024);
    expect(written[9 * 64 * 1024]).toBe(9);
  });

  it('removes the partial file when the source fails', async () => {
    const file = path.join(dir, 'failed.bin');
    const result = await settle(downloadToFile(source(10, { failAfter: 4 }), file));
    expect(result.error).toMatchObject({ code: 'upstream_failed' });
    expect(await exists(file)).toBe(false);
  });

  it('removes the partial file on abort, promptly', async () => {
    const file = path.join(dir, 'aborted.bin');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await settle(downloadToFile(source(100, { delayMs: 20 }), file, { signal: controller.signal }));
    expect((result.error as Error).name).toBe('AbortError');
    expect(result.ms).toBeLessThan(400);
    expect(await exists(file)).toBe(false);
  });
});
