import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from './index';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the SQLite store on disk', () => {
  let root: string;
  let previousUmask: number;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'grabline-modes-'));
    // The usual umask of a server: without our own modes every file would come out 0644 and the folder 0755.
    previousUmask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(previousUmask);
    rmSync(root, { recursive: true, force: true });
  });

  it('creates its folder 0700 and the database with its -wal and -shm files 0600', async () => {
    const dir = path.join(root, 'data');
    const file = path.join(dir, 'grabline.db');
    const db = await createDb({ sqlitePath: file });
    try {
      await db.run("INSERT INTO batches (id, owner, quality, format, created_at, expires_at) VALUES ('b1', NULL, '720p', 'mp4', 1, 2)");
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
    } finally {
      await db.close();
    }
  });

  it('tightens a store an earlier version left readable by everyone', async () => {
    const dir = path.join(root, 'old');
    const file = path.join(dir, 'grabline.db');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    const first = await createDb({ sqlitePath: file });
    await first.close();
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, '');
    chmodSync(`${file}-wal`, 0o644);
    const db = await createDb({ sqlitePath: file });
    try {
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
    } finally {
      await db.close();
    }
  });

  it('leaves a shared sticky folder such as /tmp as it is', async () => {
    const shared = path.join(root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const db = await createDb({ sqlitePath: path.join(shared, 'store.db') });
    try {
      expect(statSync(shared).mode & 0o7777).toBe(0o1777);
      expect(modeOf(path.join(shared, 'store.db'))).toBe(0o600);
    } finally {
      await db.close();
    }
  });
});
