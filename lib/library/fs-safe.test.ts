import { mkdtemp, readFile, readdir, rm, symlink, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureFolders, insideRoot, isFileInside, namesIn, OutsideLibraryError, removeInside, writeAtomic, writeUnderFreeName } from './fs-safe';
import { freeFileName } from './layout';

let base: string;
let root: string;
beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'library-'));
  root = path.join(base, 'lib');
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('library files', () => {
  it('refuses any part that could leave the root', () => {
    for (const bad of [['..'], ['a', '..', '..'], ['a/b'], ['a\\b'], [''], ['.'], ['x\0y']]) {
      expect(() => insideRoot('/srv/lib', bad)).toThrow(OutsideLibraryError);
    }
    expect(insideRoot('/srv/lib', ['u', 'a b.mp4'])).toBe('/srv/lib/u/a b.mp4');
  });

  it('writes atomically, from a buffer or a stream, leaving no temporary file', async () => {
    await writeAtomic(root, ['u1', 'Show'], 'a.nfo', '<x/>');
    await writeAtomic(root, ['u1', 'Show'], 'b.mp4', Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect(await readFile(path.join(root, 'u1/Show/a.nfo'), 'utf8')).toBe('<x/>');
    expect(await readFile(path.join(root, 'u1/Show/b.mp4'), 'utf8')).toBe('abcdef');
    expect((await readdir(path.join(root, 'u1/Show'))).sort()).toEqual(['a.nfo', 'b.mp4']);
    expect(await isFileInside(root, ['u1', 'Show', 'b.mp4'])).toBe(true);
  });

  it('cleans up after a failed stream', async () => {
    const failing = new Readable({ read() { this.destroy(new Error('cut')); } });
    await expect(writeAtomic(root, ['u1'], 'c.mp4', failing)).rejects.toThrow('cut');
    expect(await readdir(path.join(root, 'u1'))).toEqual([]);
  });

  it('never follows a link planted in the library', async () => {
    const outside = path.join(base, 'outside');
    await mkdir(outside);
    await mkdir(root, { recursive: true });
    await symlink(outside, path.join(root, 'u2'));
    await expect(writeAtomic(root, ['u2', 'x'], 'a.mp4', 'data')).rejects.toThrow(OutsideLibraryError);
    await expect(ensureFolders(root, ['u2'])).rejects.toThrow(OutsideLibraryError);
    expect(await readdir(outside)).toEqual([]);
    await mkdir(path.join(root, 'u3'));
    await writeFile(path.join(outside, 'secret'), 's');
    await symlink(path.join(outside, 'secret'), path.join(root, 'u3', 'a.mp4'));
    await expect(writeAtomic(root, ['u3'], 'a.mp4', 'data')).rejects.toThrow(OutsideLibraryError);
    expect(await isFileInside(root, ['u3', 'a.mp4'])).toBe(false);
    await removeInside(root, ['u3', 'a.mp4']);
    expect(await readFile(path.join(outside, 'secret'), 'utf8')).toBe('s');
  });

  it('lists and removes', async () => {
    expect(await namesIn(root, ['none'])).toEqual([]);
    await writeAtomic(root, ['u'], 'a', 'x');
    expect(await namesIn(root, ['u'])).toEqual(['a']);
    await removeInside(root, ['u', 'a']);
    await removeInside(root, ['u', 'a']);
    expect(await namesIn(root, ['u'])).toEqual([]);
  });

  it('gives saves of the same name at the same moment a name each, never one file over another', async () => {
    const pick = (taken: string[]) => freeFileName('talk.zip', taken, false);
    // Slow bodies: every save has listed the folder before any has claimed its name.
    const slow = (text: string) => Readable.from((async function* () {
      await new Promise((r) => setTimeout(r, 30));
      yield Buffer.from(text);
    })());
    const names = await Promise.all(['one', 'two', 'three', 'four'].map((text) => writeUnderFreeName(root, ['u4'], pick, slow(text))));
    expect([...names].sort()).toEqual(['talk (2).zip', 'talk (3).zip', 'talk (4).zip', 'talk.zip']);
    const bodies = await Promise.all(names.map((name) => readFile(path.join(root, 'u4', name), 'utf8')));
    expect(bodies.sort()).toEqual(['four', 'one', 'three', 'two']);
    // Nothing temporary is left behind.
    expect((await readdir(path.join(root, 'u4'))).sort()).toEqual([...names].sort());
  });
});
