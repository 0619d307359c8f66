import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { directoryFileStore } from './file-store-dir';
import { SharedPreparations } from './shared-preparations';

/** Preparations over a file store: one work per key, only finished files stored, each node finding the others'. */
let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'grabline-prep-'));
  vi.stubEnv('TEMP_DIR', path.join(root, 'temp'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

const writeOutput = (text: string) => async (dir: string) => {
  const file = path.join(dir, 'output.mp4');
  writeFileSync(file, text);
  return { file, size: text.length };
};

async function text(preparations: SharedPreparations, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await preparations.read((await preparations.peek(key))!)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('SharedPreparations over a file store', () => {
  it('two processes over one store: what one prepared the other serves without preparing', async () => {
    const shared = path.join(root, 'shared');
    const a = new SharedPreparations(Date.now, () => directoryFileStore(shared));
    const b = new SharedPreparations(Date.now, () => directoryFileStore(shared));
    const [one, two] = await Promise.all([a.prepare('m-1', writeOutput('prepared on a')), a.prepare('m-1', writeOutput('never run'))]);
    expect(one).toEqual(two);
    expect(a.started).toBe(1);
    expect(await b.prepare('m-1', writeOutput('never run either'))).toMatchObject({ key: 'm-1', size: 13 });
    expect(b.started).toBe(0);
    expect(await text(b, 'm-1')).toBe('prepared on a');
  });

  it('a failed preparation stores nothing and leaves no work dir', async () => {
    const store = directoryFileStore(path.join(root, 'shared'));
    const a = new SharedPreparations(Date.now, () => store);
    await expect(a.prepare('m-2', async (dir) => {
      writeFileSync(path.join(dir, 'output.mp4'), 'half');
      throw new Error('the origin went away');
    })).rejects.toThrow('the origin went away');
    expect(await a.peek('m-2')).toBeUndefined();
    expect(readdirSync(path.join(root, 'temp'))).toEqual([]);
  });

  it('a store that cannot be read is 503 unavailable, not an expired link', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const notADir = path.join(root, 'file');
    writeFileSync(notADir, '');
    const a = new SharedPreparations(Date.now, () => directoryFileStore(path.join(notADir, 'store')));
    await expect(a.peek('m-3')).rejects.toMatchObject({ code: 'unavailable' });
  });
});
