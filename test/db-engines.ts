import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { MIGRATIONS, type Migration } from '@/lib/db/migrations';
import { openPostgres } from '@/lib/db/pg-driver';
import { openSqlite } from '@/lib/db/sqlite-driver';

export interface DbEngine {
  name: Db['kind'];
  /** A fresh, migrated, empty store; closing it also removes what it created. */
  create(): Promise<Db>;
}

/**
 * The engines a store test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set
 * (`eval "$(scripts/pg-test-cluster.sh start | sed 's/^/export TEST_DATABASE_URL=/')"`).
 * Use as `describe.each(dbEngines())('$name', ({ create }) => …)`.
 */
export function dbEngines(): DbEngine[] {
  const engines: DbEngine[] = [{ name: 'sqlite', create: createSqliteTestDb }];
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) engines.push({ name: 'postgres', create: () => createPostgresTestDb(baseUrl) });
  return engines;
}

/** A throwaway SQLite file in its own temp dir. */
export async function createSqliteTestDb(): Promise<Db> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grabline-db-'));
  const db = await createDb({ sqlitePath: path.join(dir, 'test.db') });
  return onClose(db, async () => rmSync(dir, { recursive: true, force: true }));
}

/** A schema of its own in the test database, so test files running in parallel never see each other. */
export async function createPostgresTestDb(baseUrl: string): Promise<Db> {
  const schema = await createTestSchema(baseUrl);
  const db = await createDb({ databaseUrl: withSearchPath(baseUrl, schema) });
  return onClose(db, () => dropTestSchema(baseUrl, schema));
}

export async function createTestSchema(baseUrl: string): Promise<string> {
  // Lower-case letters and digits only: the name is spliced into DDL, which takes no parameters.
  const schema = `t_${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  await withClient(baseUrl, (client) => client.query(`CREATE SCHEMA ${schema}`));
  return schema;
}

export async function dropTestSchema(baseUrl: string, schema: string): Promise<void> {
  await withClient(baseUrl, (client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
}

/** The same database, with every connection's search_path set to `schema` by the server at connect. */
export function withSearchPath(baseUrl: string, schema: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function onClose(db: Db, cleanup: () => Promise<void>): Db {
  return {
    ...db,
    async close() {
      await db.close();
      await cleanup();
    },
  };
}

export interface UnmigratedStore {
  name: Db['kind'];
  /** A fresh store with no migration applied; closing it also removes what it created. */
  open(): Promise<{ db: Db; close: () => Promise<void> }>;
}

/**
 * Unmigrated stores of each engine, so a migration test can stop at an older schema and then upgrade it.
 * Use with `migrationsBefore(id)`.
 */
export function unmigratedStores(): UnmigratedStore[] {
  const stores: UnmigratedStore[] = [{
    name: 'sqlite',
    open: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'grabline-mig-'));
      const db = openSqlite(path.join(dir, 'test.db'));
      return { db, close: async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); } };
    },
  }];
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    stores.push({
      name: 'postgres',
      open: async () => {
        const schema = await createTestSchema(baseUrl);
        const db = openPostgres(withSearchPath(baseUrl, schema));
        return { db, close: async () => { await db.close(); await dropTestSchema(baseUrl, schema); } };
      },
    });
  }
  return stores;
}

/** The migrations that come before the one named `id`. */
export function migrationsBefore(id: string): readonly Migration[] {
  const index = MIGRATIONS.findIndex((m) => m.id === id);
  if (index < 0) throw new Error(`no migration ${id}`);
  return MIGRATIONS.slice(0, index);
}
