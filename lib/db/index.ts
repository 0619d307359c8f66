import 'server-only';
import { config } from '@/lib/config';
import type { Db } from './driver';
import { migrate } from './migrations';
import { openPostgres } from './pg-driver';
import { openSqlite } from './sqlite-driver';

export type { Db, DbKind, DbParams, DbValue } from './driver';
export type { ConstraintReason } from './db-error';

export interface CreateDbOptions {
  /** A postgres:// URL: use PostgreSQL. Without it, SQLite. */
  databaseUrl?: string;
  /** The SQLite file (or ':memory:'); defaults to `$DATA_DIR/grabline.db`, DATA_DIR defaulting to ./data. */
  sqlitePath?: string;
}

export const defaultSqlitePath = (): string => config().sqlitePath;

/** A new, migrated store. The app uses getDb(); tests and scripts that want their own store use this. */
export async function createDb(options: CreateDbOptions = {}): Promise<Db> {
  const db = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(options.sqlitePath ?? defaultSqlitePath());
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

// On globalThis, not in module scope: Next dev re-evaluates modules on every hot reload, and each reload
// would otherwise open another pool or file handle and run the migrations again.
const holder = globalThis as typeof globalThis & { __grablineDb?: Promise<Db> };

/** The process's store: PostgreSQL when DATABASE_URL is set, else SQLite; migrated once, on first use. */
export function getDb(): Promise<Db> {
  if (!holder.__grablineDb) {
    const pending = createDb({ databaseUrl: config().env.DATABASE_URL });
    holder.__grablineDb = pending;
    // A failed start (database down) must not be cached for the life of the process: the next call retries.
    pending.catch(() => {
      if (holder.__grablineDb === pending) holder.__grablineDb = undefined;
    });
  }
  return holder.__grablineDb;
}

/** Closes the process's store; the next getDb() opens a fresh one. */
export async function closeDb(): Promise<void> {
  const pending = holder.__grablineDb;
  holder.__grablineDb = undefined;
  const db = await pending?.catch(() => undefined);
  await db?.close();
}
