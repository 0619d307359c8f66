import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '@/lib/auth/password';
import { findUserWithPassword } from '@/lib/auth/users';
import { createDb, type Db } from '@/lib/db';
import { migrate, MIGRATIONS } from '@/lib/db/migrations';
import { openSqlite } from '@/lib/db/sqlite-driver';
import { listFollows } from '@/lib/follows/follows-store';
import { listHistory } from '@/lib/history/history-store';
import { historyQuerySchema } from '@/lib/history/schemas';
import { forgetJwtKey } from '@/lib/http/server-secret';
import { openSecret } from '@/lib/webhooks/secret-box';
import { listWebhooks, webhookTarget } from '@/lib/webhooks/webhook-store';
import { createPostgresTestDb } from '@/test/db-engines';

// Stores written by released versions with their own code (test/upgrade/make-release-store.mjs), as SQL text.
const HERE = path.join(process.cwd(), 'test', 'upgrade');
const RELEASES = readdirSync(HERE).filter((file) => /^release-.+\.sql$/.test(file)).sort();
// What make-release-store.mjs sealed the webhook secret with.
const UPGRADE_JWT_SECRET = 'an-upgrade-test-secret-that-is-long-enough-0123';

const work = mkdtempSync(path.join(tmpdir(), 'grabline-upgrade-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeEach(() => {
  vi.stubEnv('JWT_SECRET', UPGRADE_JWT_SECRET);
  forgetJwtKey();
});
afterEach(() => {
  vi.unstubAllEnvs();
  forgetJwtKey();
});

/** The release's store, laid into a new SQLite file exactly as that release left it. */
function releaseStore(release: string, name: string): { file: string; secret: string } {
  const sql = readFileSync(path.join(HERE, release), 'utf8');
  const file = path.join(work, `${name}.db`);
  const raw = new Database(file);
  raw.exec(sql);
  raw.close();
  return { file, secret: /^-- webhook \S+: secret (\S+)$/m.exec(sql)![1] };
}

/** Every table with its row count and every applied migration: what must not change when a migration fails. */
async function snapshot(db: Db) {
  const tables = await db.query<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "${name}"`))!.n);
  const schema = await db.query<{ sql: string }>('SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name');
  const migrations = (await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id')).map((row) => row.id);
  return { counts, schema: schema.map((row) => row.sql), migrations };
}

describe.each(RELEASES)('a store written by %s, opened by this version', (release) => {
  it('runs the migrations it lacks, once, and keeps accounts, history, follows and webhooks', async () => {
    const { file, secret } = releaseStore(release, `${release}-upgrade`);
    const before = openSqlite(file);
    const had = (await snapshot(before)).migrations;
    await before.close();

    const db = await createDb({ sqlitePath: file });
    try {
      const after = await snapshot(db);
      expect(after.migrations).toEqual(MIGRATIONS.map((m) => m.id).sort());
      expect(after.migrations.filter((id) => !had.includes(id))).toEqual(MIGRATIONS.map((m) => m.id).filter((id) => !had.includes(id)).sort());
      // Once: opening again finds nothing left to do.
      expect(await migrate(db)).toEqual([]);

      const admin = await findUserWithPassword(db, 'admin@upgrade.example');
      const member = await findUserWithPassword(db, 'member@upgrade.example');
      expect(admin?.role).toBe('admin');
      expect(member?.role).toBe('member');
      expect(await verifyPassword('Upgrade-admin-pass-1', admin!.password_hash)).toBe(true);
      expect(await verifyPassword('Upgrade-member-pass-1', member!.password_hash)).toBe(true);
      expect(await verifyPassword('not-the-password', member!.password_hash)).toBe(false);

      const history = await listHistory(db, member!.id, historyQuerySchema.parse({}));
      expect(history.downloads.map((d) => d.mediaInfo.title)).toEqual(['Upgrade clip 3', 'Upgrade clip 2', 'Upgrade clip 1']);

      const follows = await listFollows(db, member!.id);
      expect(follows).toHaveLength(1);
      expect(follows[0]).toMatchObject({ name: 'Upgrade Creator', platform: 'youtube' });

      const hooks = await listWebhooks(db, member!.id);
      expect(hooks).toHaveLength(1);
      expect(hooks[0]).toMatchObject({ url: 'https://hooks.upgrade.example/grabline', events: ['download.finished', 'follow.new'], enabled: true });
      // The secret sealed by the release still opens: deliveries stay signed with what the user configured.
      expect(openSecret((await webhookTarget(db, hooks[0].id))!.secretBox)).toBe(secret);
    } finally {
      await db.close();
    }
  });

  it('is left exactly as it was when a migration fails', async () => {
    const { file } = releaseStore(release, `${release}-failed`);
    const db = openSqlite(file);
    try {
      const before = await snapshot(db);
      const broken = { id: '9999_broken', statements: ['CREATE TABLE upgrade_probe (x INTEGER)', "INSERT INTO users (id) VALUES ('x')"] };
      await expect(migrate(db, [...MIGRATIONS, broken])).rejects.toThrow();
      // Nothing of this version's migrations either: they run in the same transaction as the broken one.
      expect(await snapshot(db)).toEqual(before);
      // And the next start, with the migration fixed, runs them all.
      expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.id).filter((id) => !before.migrations.includes(id)));
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a failed migration on PostgreSQL', () => {
  it('leaves the store as it was', async () => {
    const db = await createPostgresTestDb(process.env.TEST_DATABASE_URL!);
    try {
      const count = async () => Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM schema_migrations'))!.n);
      const before = await count();
      const broken = { id: '9999_broken', statements: ['CREATE TABLE upgrade_probe (x INTEGER)', "INSERT INTO users (id) VALUES ('x')"] };
      await expect(migrate(db, [...MIGRATIONS, broken])).rejects.toThrow();
      expect(await count()).toBe(before);
      expect(await db.get("SELECT to_regclass('upgrade_probe') AS t")).toEqual({ t: null });
    } finally {
      await db.close();
    }
  });
});

it('has a store from the previous release to open', () => {
  expect(RELEASES.length).toBeGreaterThan(0);
});
