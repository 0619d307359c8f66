/**
 * The store's whole contract. Repositories (lib/auth, lib/jobs, …) depend on this interface only, so the same
 * SQL runs on SQLite and PostgreSQL. Write SQL once with `?` placeholders and portable types: TEXT ids,
 * BIGINT epoch-ms timestamps (always returned as numbers), INTEGER 0/1 booleans, JSON as TEXT. Name columns in
 * snake_case: PostgreSQL folds unquoted names to lower case, SQLite keeps them as written.
 */
export type DbKind = 'sqlite' | 'postgres';

/** Values bound to `?`. Booleans are stored as 0/1 and `undefined` as NULL on both engines. */
export type DbValue = string | number | bigint | boolean | null | undefined | Buffer;
export type DbParams = readonly DbValue[];

export interface Db {
  readonly kind: DbKind;
  /** Every row (SELECT, or a write with RETURNING). */
  query<T>(sql: string, params?: DbParams): Promise<T[]>;
  /** The first row, or undefined. */
  get<T>(sql: string, params?: DbParams): Promise<T | undefined>;
  /** A write; `changes` is the number of rows it touched. */
  run(sql: string, params?: DbParams): Promise<{ changes: number }>;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws (the error is
   * rethrown). Inside, use only `tx`; calling the outer Db from inside `fn` throws, because on SQLite it would
   * wait for the very transaction that waits for it. Nested calls on `tx` become savepoints.
   * Keep network I/O out of `fn`: a SQLite writer holds the file's lock until `fn` ends.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** better-sqlite3 binds neither booleans nor undefined; pg would send `true`, not 1. One rule for both. */
export function normalizeParams(params: DbParams | undefined): Array<string | number | bigint | null | Buffer> {
  if (!params) return [];
  return params.map((value) => {
    if (value === undefined) return null;
    if (typeof value === 'boolean') return value ? 1 : 0;
    return value;
  });
}
