import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { directoryFileStore, LEFTOVER_AGE_MS } from './file-store-dir';

/** The file store as a directory: what a finished file looks like to this process and to another one. */
let root: string;
let work: string;
const bytes = randomBytes(300_000);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'grabline-store-'));
  work = mkdtempSync(path.join(tmpdir(), 'grabline-work-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function finished(name = 'output.mp4', data: Buffer = bytes, dir = work): string {
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return file;
}

const HOUR = 3600_000;

describe('a directory file store', () => {
  it('keeps a live file longer when asked, never shorter, and cannot keep one that has gone', async () => {
    let clock = 1_000_000;
    const store = directoryFileStore(root, () => clock);
    await store.put('m-keep', finished(), clock + HOUR);
    expect(await store.keep('m-keep', clock + 30 * 24 * HOUR)).toBe(true);
    expect(await store.keep('m-keep', clock + 2 * HOUR)).toBe(true);
    expect((await store.stat('m-keep'))!.expiresAt).toBe(clock + 30 * 24 * HOUR);
    expect(await store.listExpired(clock + 2 * HOUR)).toEqual([]);
    expect(await store.listExpired(clock + 30 * 24 * HOUR)).toEqual(['m-keep']);
    clock += 30 * 24 * HOUR;
    expect(await store.keep('m-keep', clock + HOUR)).toBe(false);
    expect(await store.keep('m-never', clock + HOUR)).toBe(false);
  });

  it('takes a finished file in (the local copy is gone) and serves it whole or by range', async () => {
    const store = directoryFileStore(root);
    const local = finished();
    const stored = await store.put('media1-mp4-720', local, Date.now() + HOUR);
    expect(stored).toMatchObject({ key: 'media1-mp4-720', size: bytes.length });
    expect(existsSync(local)).toBe(false);
    expect(await store.stat('media1-mp4-720')).toEqual(stored);
    const whole = (await store.open('media1-mp4-720'))!;
    expect(whole.size).toBe(bytes.length);
    expect((await collect(whole.stream())).equals(bytes)).toBe(true);
    const part = (await store.open('media1-mp4-720'))!;
    expect((await collect(part.stream({ start: 1000, end: 1999 }))).equals(bytes.subarray(1000, 2000))).toBe(true);
    expect(await store.stat('other')).toBeUndefined();
    expect(await store.open('other')).toBeUndefined();
  });

  it('a file one process put is found and served by another process over the same directory', async () => {
    const nodeA = directoryFileStore(root);
    const nodeB = directoryFileStore(root);
    await nodeA.put('i0-webm-720 / odd key', finished(), Date.now() + HOUR);
    expect(await nodeB.stat('i0-webm-720 / odd key')).toMatchObject({ size: bytes.length });
    expect((await collect((await nodeB.open('i0-webm-720 / odd key'))!.stream())).equals(bytes)).toBe(true);
  });

  it('copies in from another filesystem (work on tmpfs, store on disk) as whole files only', async () => {
    const shm = mkdtempSync('/dev/shm/grabline-work-');
    try {
      const store = directoryFileStore(root);
      await store.put('k', finished('out.webm', bytes, shm), Date.now() + HOUR);
      expect(readdirSync(shm)).toEqual([]);
      expect(readdirSync(path.join(root, '.incoming'))).toEqual([]);
      expect((await collect((await store.open('k'))!.stream())).equals(bytes)).toBe(true);
    } finally {
      rmSync(shm, { recursive: true, force: true });
    }
  });

  it('stops answering a file at its expiry; the sweep lists it, and delete removes it', async () => {
    let now = 1_000_000;
    const store = directoryFileStore(root, () => now);
    await store.put('old', finished('a'), now + 1000);
    await store.put('new', finished('b'), now + 5000);
    now += 1000;
    expect(await store.stat('old')).toBeUndefined();
    expect(await store.open('old')).toBeUndefined();
    expect(await store.stat('new')).toBeDefined();
    expect(await store.listExpired(now)).toEqual(['old']);
    await store.delete('old');
    expect(await store.listExpired(now)).toEqual([]);
    expect(readdirSync(root).filter((n) => !n.startsWith('.'))).toHaveLength(2);
  });

  it('a client already reading a file gets all of it even when the sweep deletes it meanwhile', async () => {
    const store = directoryFileStore(root);
    await store.put('k', finished(), Date.now() + HOUR);
    const opened = (await store.open('k'))!;
    await store.delete('k');
    expect(await store.stat('k')).toBeUndefined();
    expect((await collect(opened.stream())).equals(bytes)).toBe(true);
  });

  it('never shows bytes whose metadata has not arrived, and clears such leftovers after a day', async () => {
    const store = directoryFileStore(root);
    await store.put('k', finished(), Date.now() + HOUR);
    rmSync(path.join(root, readdirSync(root).find((n) => n.endsWith('.json'))!));
    expect(await store.stat('k')).toBeUndefined();
    const orphan = path.join(root, readdirSync(root).find((n) => n.endsWith('.data'))!);
    const staged = path.join(root, '.incoming', 'cut-short');
    mkdirSync(path.dirname(staged), { recursive: true });
    writeFileSync(staged, 'partial');
    await store.listExpired(Date.now());
    expect(existsSync(orphan) && existsSync(staged)).toBe(true);
    const dayAgo = new Date(Date.now() - LEFTOVER_AGE_MS - 60_000);
    utimesSync(orphan, dayAgo, dayAgo);
    utimesSync(staged, dayAgo, dayAgo);
    await store.listExpired(Date.now());
    expect(existsSync(orphan) || existsSync(staged)).toBe(false);
  });

  it('a second put of the same key replaces the first as a whole', async () => {
    const store = directoryFileStore(root);
    await store.put('k', finished('a', Buffer.from('first version')), Date.now() + HOUR);
    const reader = (await store.open('k'))!;
    await store.put('k', finished('b', Buffer.from('second')), Date.now() + HOUR);
    expect((await collect(reader.stream())).toString()).toBe('first version');
    expect((await collect((await store.open('k'))!.stream())).toString()).toBe('second');
    expect(await store.stat('k')).toMatchObject({ size: 6 });
  });
});
