import 'server-only';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { toDbError } from './db-error';
import { normalizeParams, type Db, type DbParams } from './driver';
import { SerialLock, TxGuard } from './serial-lock';
import { transactionHandle, type Executor } from './tx-handle';

const BUSY_TIMEOUT_MS = 5000;
const STATEMENT_CACHE_SIZE = 256;

/**
 * One lock per database file per process. better-sqlite3 is synchronous and a transaction here spans awaits,
 * so without it a statement from elsewhere would either join someone else's open transaction (same
 * connection) or block the whole event loop on the file lock that transaction holds (second connection).
 * Other processes are kept apart by SQLite's own locking and busy_timeout.
 */
const gates = new Map<string, { lock: SerialLock; guard: TxGuard }>();

function gateFor(file: string) {
  // Every `:memory:` connection is a database of its own, so it shares its gate with no one.
  if (file === ':memory:') return { lock: new SerialLock(), guard: new TxGuard() };
  const key = path.resolve(file);
  let gate = gates.get(key);
  if (!gate) {
    gate = { lock: new SerialLock(), guard: new TxGuard() };
    gates.set(key, gate);
  }
  return gate;
}

/**
 * The store holds password hashes, token hashes and every user's history: only the server's own user may read it.
 * Its folder is created 0700 (an existing one of ours is tightened to 0700, unless it is a shared sticky folder
 * such as /tmp); the database file is created 0600 before SQLite opens it, and SQLite gives its -wal and -shm
 * files the database file's mode. Files an older version left 0644 are tightened too.
 */
function restrictStoreFiles(file: string): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const folder = statSync(dir);
  const ours = typeof process.getuid !== 'function' || folder.uid === process.getuid();
  if (ours && (folder.mode & 0o1000) === 0 && (folder.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  closeSync(openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(name) && (statSync(name).mode & 0o077) !== 0) chmodSync(name, 0o600);
  }
}

export function openSqlite(file: string): Db {
  if (file !== ':memory:') restrictStoreFiles(file);
  const conn = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  conn.pragma('journal_mode = WAL');
  conn.pragma('foreign_keys = ON');
  // WAL + NORMAL is durable against application crashes; only an OS crash can lose the last commits.
  conn.pragma('synchronous = NORMAL');
  const { lock, guard } = gateFor(file);
  const exec = sqliteExecutor(conn);

  const outside = async <T>(task: () => Promise<T>): Promise<T> => {
    guard.assertOutside();
    return lock.run(task);
  };

  return {
    kind: 'sqlite',
    query: <T>(sql: string, params?: DbParams) => outside(() => exec.query<T>(sql, params)),
    get: <T>(sql: string, params?: DbParams) => outside(() => exec.get<T>(sql, params)),
    run: (sql: string, params?: DbParams) => outside(() => exec.run(sql, params)),
    transaction: <T>(fn: (tx: Db) => Promise<T>) =>
      outside(() =>
        guard.within(async () => {
          // IMMEDIATE takes the write lock up front: a deferred transaction that later upgrades to a writer
          // can fail with SQLITE_BUSY at once, without waiting out busy_timeout.
          await exec.run('BEGIN IMMEDIATE');
          const handle = transactionHandle('sqlite', exec);
          try {
            const result = await fn(handle.tx);
            await exec.run('COMMIT');
            return result;
          } catch (error) {
            if (conn.inTransaction) await exec.run('ROLLBACK');
            throw error;
          } finally {
            handle.end();
          }
        }),
      ),
    close: () =>
      lock.run(async () => {
        if (conn.open) conn.close();
      }),
  };
}

function sqliteExecutor(conn: Database.Database): Executor {
  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      // Dropping the whole cache when full is crude but bounded; hot statements are re-prepared at once.
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
      statement = conn.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  const attempt = <T>(work: () => T): Promise<T> => {
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(toDbError(error));
    }
  };
  return {
    query: <T>(sql: string, params?: DbParams) =>
      attempt(() => prepare(sql).all(...normalizeParams(params)) as T[]),
    get: <T>(sql: string, params?: DbParams) =>
      attempt(() => prepare(sql).get(...normalizeParams(params)) as T | undefined),
    run: (sql: string, params?: DbParams) =>
      attempt(() => ({ changes: prepare(sql).run(...normalizeParams(params)).changes })),
  };
}
