import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestSchema, dropTestSchema, withSearchPath } from '@/test/db-engines';
import { closeDb, createDb, getDb } from './index';
import { MIGRATIONS } from './migrations';

describe('getDb', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'grabline-getdb-'));
    vi.stubEnv('DATA_DIR', dir);
    vi.stubEnv('DATABASE_URL', '');
  });
  afterEach(async () => {
    await closeDb();
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives concurrent callers one migrated SQLite store under DATA_DIR', async () => {
    const [a, b] = await Promise.all([getDb(), getDb()]);
    expect(a).toBe(b);
    expect(a.kind).toBe('sqlite');
    expect(await getDb()).toBe(a);
    expect(await a.get('SELECT COUNT(*) AS n FROM schema_migrations')).toEqual({ n: MIGRATIONS.length });
    // The file really is under DATA_DIR: a second connection to it sees the first one's writes.
    await a.run('INSERT INTO batches (id, quality, format, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', ['b1', '720p', 'mp4', 1, 2]);
    const other = await createDb({ sqlitePath: path.join(dir, 'grabline.db') });
    expect(await other.get('SELECT id FROM batches')).toEqual({ id: 'b1' });
    await other.close();
  });

  it('opens a fresh store after closeDb', async () => {
    const first = await getDb();
    await closeDb();
    const second = await getDb();
    expect(second).not.toBe(first);
    expect(await second.get('SELECT 1 AS one')).toEqual({ one: 1 });
  });

  it('does not cache a failed start', async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://nobody@127.0.0.1:1/none');
    await expect(getDb()).rejects.toMatchObject({ code: 'unavailable' });
    vi.stubEnv('DATABASE_URL', '');
    expect((await getDb()).kind).toBe('sqlite');
  });

  it('lets two stores on one SQLite file start at once', async () => {
    const file = path.join(dir, 'shared.db');
    const [a, b] = await Promise.all([createDb({ sqlitePath: file }), createDb({ sqlitePath: file })]);
    expect(await b.get('SELECT COUNT(*) AS n FROM schema_migrations')).toEqual({ n: MIGRATIONS.length });
    await Promise.all([a.close(), b.close()]);
  });

  const pgUrl = process.env.TEST_DATABASE_URL;
  it.runIf(pgUrl)('uses PostgreSQL when DATABASE_URL is set', async () => {
    const schema = await createTestSchema(pgUrl!);
    try {
      vi.stubEnv('DATABASE_URL', withSearchPath(pgUrl!, schema));
      const [a, b] = await Promise.all([getDb(), getDb()]);
      expect(a).toBe(b);
      expect(a.kind).toBe('postgres');
      expect(await a.get('SELECT current_schema() AS s')).toEqual({ s: schema });
      expect(await a.get('SELECT COUNT(*) AS n FROM schema_migrations')).toEqual({ n: MIGRATIONS.length });
      await closeDb();
    } finally {
      await dropTestSchema(pgUrl!, schema);
    }
  });
});
