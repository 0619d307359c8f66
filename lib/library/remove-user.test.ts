import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeUserLibrary } from './service';

describe('a deleted account’s library', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'grabline-library-'));
    vi.stubEnv('LIBRARY_DIR', path.join(dir, 'library'));
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await rm(dir, { recursive: true, force: true });
  });

  it('goes with it, and nobody else’s', async () => {
    const library = path.join(dir, 'library');
    await mkdir(path.join(library, 'usr_gone', 'Creator', 'Season 2026'), { recursive: true });
    await writeFile(path.join(library, 'usr_gone', 'Creator', 'Season 2026', 'Clip.mp4'), 'x');
    await mkdir(path.join(library, 'usr_kept'), { recursive: true });
    await writeFile(path.join(library, 'usr_kept', 'Other.mp4'), 'y');
    await removeUserLibrary('usr_gone');
    expect(await readdir(library)).toEqual(['usr_kept']);
  });

  it('removes a link standing for the folder without following it', async () => {
    const library = path.join(dir, 'library');
    const outside = path.join(dir, 'outside');
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, 'precious.txt'), 'z');
    await mkdir(library, { recursive: true });
    await symlink(outside, path.join(library, 'usr_link'));
    await removeUserLibrary('usr_link');
    expect(await readdir(library)).toEqual([]);
    expect(await readdir(outside)).toEqual(['precious.txt']);
  });
});
