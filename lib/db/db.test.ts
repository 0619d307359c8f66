import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbEngines } from '@/test/db-engines';
import { AppError } from '@/lib/errors';
import type { Db } from './driver';
import { MIGRATIONS, migrate } from './migrations';

const TABLES = [
  'users', 'refresh_tokens', 'api_tokens', 'user_settings', 'rate_counters', 'history',
  'batches', 'jobs', 'notifications', 'login_attempts', 'stat_downloads', 'stat_salts', 'stat_visitors',
  'creator_readings',
];
const T0 = 1_800_000_000_000; // epoch ms in 2027: beyond 2^32, so a 32-bit column or string return would show

describe.each(dbEngines())('store on $name', ({ name, create }) => {
  let db: Db;
  beforeEach(async () => {
    db = await create();
  });
  afterEach(async () => {
    await db.close();
  });

  it('reports its engine', () => {
    expect(db.kind).toBe(name);
  });

  describe('migrations', () => {
    it('create every table, empty, and record each migration once', async () => {
      for (const table of TABLES) {
        expect(await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)).toEqual({ n: 0 });
      }
      const rows = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(rows.map((row) => row.id)).toEqual(MIGRATIONS.map((m) => m.id));
    });

    it('apply nothing the second time', async () => {
      expect(await migrate(db)).toEqual([]);
      expect(await db.get('SELECT COUNT(*) AS n FROM schema_migrations')).toEqual({ n: MIGRATIONS.length });
    });

    it('apply a new migration exactly once when two runs race', async () => {
      const extra = { id: '9999_test_extra', statements: ['CREATE TABLE test_extra (id TEXT PRIMARY KEY)'] };
      const list = [...MIGRATIONS, extra];
      const [a, b] = await Promise.all([migrate(db, list), migrate(db, list)]);
      expect([...a, ...b]).toEqual([extra.id]);
      expect(await db.query('SELECT * FROM test_extra')).toEqual([]);
    });

    it('roll back a migration that fails half-way, recording nothing', async () => {
      const bad = { id: '9999_bad', statements: ['CREATE TABLE half_done (id TEXT)', 'CREATE TABLE users (id TEXT)'] };
      await expect(migrate(db, [...MIGRATIONS, bad])).rejects.toBeInstanceOf(AppError);
      expect(await db.get('SELECT id FROM schema_migrations WHERE id = ?', [bad.id])).toBeUndefined();
      await expect(db.query('SELECT * FROM half_done')).rejects.toBeInstanceOf(AppError);
    });
  });

  describe('placeholders and types', () => {
    it('bind many parameters in order', async () => {
      const values = Array.from({ length: 250 }, (_, i) => i * 3);
      const marks = values.map(() => '?').join(', ');
      const rows = await db.query<{ v: number }>(
        `SELECT v FROM (SELECT ${values.map((_, i) => `? AS c${i}`).join(', ')}) AS t, ` +
          `(SELECT 3 AS v UNION ALL SELECT 4 UNION ALL SELECT 747) AS u WHERE v IN (${marks}) ORDER BY v`,
        [...values, ...values],
      );
      expect(rows).toEqual([{ v: 3 }, { v: 747 }]);
    });

    it('leave a ? inside a quoted string alone', async () => {
      expect(await db.get("SELECT 'why?' AS q, ? AS v", ['x'])).toEqual({ q: 'why?', v: 'x' });
    });

    it('refuse a parameter count that does not match', async () => {
      await expect(db.get('SELECT ? AS a, ? AS b', [1])).rejects.toBeInstanceOf(AppError);
    });

    it('return BIGINT, COUNT and SUM as numbers, and store booleans as 0/1', async () => {
      await insertUser(db, 'u1', 'a@example.com');
      await db.run(
        `INSERT INTO history (id, user_id, title, platform, quality, format, status, file_size, downloaded_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ['h1', 'u1', 'Clip', 'youtube', '1080p', 'mp4', 'completed', 5_000_000_000_123, T0],
      );
      const row = await db.get<Record<string, unknown>>(
        'SELECT file_size, downloaded_at, (SELECT COUNT(*) FROM history) AS n, (SELECT SUM(file_size) FROM history) AS total FROM history',
      );
      expect(row).toEqual({ file_size: 5_000_000_000_123, downloaded_at: T0, n: 1, total: 5_000_000_000_123 });
      await db.run('INSERT INTO user_settings (user_id, auto_download, updated_at) VALUES (?, ?, ?)', ['u1', true, T0]);
      expect(await db.get('SELECT auto_download FROM user_settings')).toEqual({ auto_download: 1 });
    });
  });

  describe('transactions', () => {
    it('commit what the callback wrote and return its value', async () => {
      const result = await db.transaction(async (tx) => {
        await insertUser(tx, 'u1', 'a@example.com');
        return tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM users');
      });
      expect(result).toEqual({ n: 1 });
      expect(await db.get('SELECT id FROM users')).toEqual({ id: 'u1' });
    });

    it('roll back everything when the callback throws, rethrowing its error', async () => {
      const boom = new Error('boom');
      await expect(
        db.transaction(async (tx) => {
          await insertUser(tx, 'u1', 'a@example.com');
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await db.query('SELECT id FROM users')).toEqual([]);
    });

    it('roll back only the nested part when a savepoint throws', async () => {
      await db.transaction(async (tx) => {
        await insertUser(tx, 'u1', 'a@example.com');
        await expect(
          tx.transaction(async (inner) => {
            await insertUser(inner, 'u2', 'b@example.com');
            throw new Error('inner');
          }),
        ).rejects.toThrow('inner');
      });
      expect(await db.query('SELECT id FROM users')).toEqual([{ id: 'u1' }]);
    });

    it('refuse the outer Db inside the callback and a tx handle after its end', async () => {
      let leaked: Db | undefined;
      await expect(
        db.transaction(async (tx) => {
          leaked = tx;
          await db.query('SELECT 1 AS one');
        }),
      ).rejects.toThrow(/inside its own transaction/);
      await expect(leaked!.query('SELECT 1 AS one')).rejects.toThrow(/after its transaction ended/);
    });

    it('keep writes from outside out of an open transaction that then rolls back', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const failing = db.transaction(async (tx) => {
        await insertUser(tx, 'in-tx', 'in@example.com');
        await gate;
        throw new Error('rollback');
      });
      const outside = insertUser(db, 'outside', 'out@example.com');
      setTimeout(release, 20);
      await expect(failing).rejects.toThrow('rollback');
      await outside;
      expect(await db.query('SELECT id FROM users')).toEqual([{ id: 'outside' }]);
    });
  });
});

async function insertUser(db: Db, id: string, email: string): Promise<void> {
  await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', [id, email, 'h', T0]);
}
