import { AppError } from '@/lib/errors';
import type { Db, DbKind, DbParams } from './driver';
import { SerialLock } from './serial-lock';

/** One connection's raw operations; both drivers provide it, so transaction handles are written once. */
export interface Executor {
  query<T>(sql: string, params?: DbParams): Promise<T[]>;
  get<T>(sql: string, params?: DbParams): Promise<T | undefined>;
  run(sql: string, params?: DbParams): Promise<{ changes: number }>;
}

/**
 * The `tx` given to a transaction's callback: runs on the transaction's connection, nests as savepoints,
 * and refuses to be used once its transaction has ended (a leaked handle would otherwise write outside it).
 */
export function transactionHandle(kind: DbKind, exec: Executor, depth = 0): { tx: Db; end(): void } {
  let open = true;
  // Savepoints are a stack on one connection; two running side by side would unwind each other's work.
  const nested = new SerialLock();
  const live = () => {
    if (!open) throw new AppError('internal', 'Transaction handle used after its transaction ended');
  };
  const tx: Db = {
    kind,
    async query<T>(sql: string, params?: DbParams) {
      live();
      return exec.query<T>(sql, params);
    },
    async get<T>(sql: string, params?: DbParams) {
      live();
      return exec.get<T>(sql, params);
    },
    async run(sql: string, params?: DbParams) {
      live();
      return exec.run(sql, params);
    },
    transaction<T>(fn: (inner: Db) => Promise<T>) {
      live();
      return nested.run(() => withSavepoint(kind, exec, depth + 1, fn));
    },
    async close() {
      throw new AppError('internal', 'Close the outer Db, not a transaction handle');
    },
  };
  return { tx, end: () => void (open = false) };
}

async function withSavepoint<T>(kind: DbKind, exec: Executor, depth: number, fn: (tx: Db) => Promise<T>) {
  const name = `sp_${depth}`;
  await exec.run(`SAVEPOINT ${name}`);
  const handle = transactionHandle(kind, exec, depth);
  try {
    const result = await fn(handle.tx);
    await exec.run(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await exec.run(`ROLLBACK TO SAVEPOINT ${name}`);
    await exec.run(`RELEASE SAVEPOINT ${name}`);
    throw error;
  } finally {
    handle.end();
  }
}
