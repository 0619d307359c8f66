import 'server-only';
import pg from 'pg';
import { toDbError } from './db-error';
import { normalizeParams, type Db, type DbParams } from './driver';
import { toPgPlaceholders } from './placeholders';
import { TxGuard } from './serial-lock';
import { transactionHandle, type Executor } from './tx-handle';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * pg returns BIGINT (and COUNT(*), and SUM(bigint) as NUMERIC) as strings, to be safe beyond 2^53. Our
 * BIGINTs are epoch-ms timestamps and byte sizes, far below that, and SQLite returns numbers, so we parse
 * them — on this pool's own type table, leaving the process-wide pg defaults alone for anyone else.
 */
function numberTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, Number);
  types.setTypeParser(NUMERIC_OID, Number);
  return types;
}

type Queryable = Pick<pg.PoolClient, 'query'>;

function pgExecutor(client: Queryable): Executor {
  const exec = async (sql: string, params?: DbParams) => {
    const values = normalizeParams(params);
    const text = toPgPlaceholders(sql, values.length);
    try {
      return await client.query(text, values);
    } catch (error) {
      throw toDbError(error);
    }
  };
  return {
    query: async <T>(sql: string, params?: DbParams) => (await exec(sql, params)).rows as T[],
    get: async <T>(sql: string, params?: DbParams) => (await exec(sql, params)).rows[0] as T | undefined,
    run: async (sql: string, params?: DbParams) => ({ changes: (await exec(sql, params)).rowCount ?? 0 }),
  };
}

export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, types: numberTypes(), max: 10 });
  // An idle client losing its connection (server restart, network) is emitted on the pool; unhandled, that
  // 'error' event would kill the process. The pool drops the client and the next query connects afresh.
  pool.on('error', () => undefined);
  const guard = new TxGuard();
  const exec = pgExecutor(pool);

  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: DbParams) {
      guard.assertOutside();
      return exec.query<T>(sql, params);
    },
    async get<T>(sql: string, params?: DbParams) {
      guard.assertOutside();
      return exec.get<T>(sql, params);
    },
    async run(sql: string, params?: DbParams) {
      guard.assertOutside();
      return exec.run(sql, params);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      guard.assertOutside();
      const client = await pool.connect().catch((error: unknown) => Promise.reject(toDbError(error)));
      const txExec = pgExecutor(client);
      let broken: Error | undefined;
      try {
        return await guard.within(async () => {
          await txExec.run('BEGIN');
          const handle = transactionHandle('postgres', txExec);
          try {
            const result = await fn(handle.tx);
            await txExec.run('COMMIT');
            return result;
          } catch (error) {
            // A failed ROLLBACK leaves the connection in an unknown state: it must not go back to the pool.
            await txExec.run('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
            throw error;
          } finally {
            handle.end();
          }
        });
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
