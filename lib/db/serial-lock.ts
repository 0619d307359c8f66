import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '@/lib/errors';

/** Runs tasks one at a time, in the order they were asked for. */
export class SerialLock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * Knows whether the current async call chain is inside one of its transactions, so using the outer Db there
 * fails at once. On SQLite that call would otherwise queue behind the transaction that is awaiting it — a
 * silent hang; on PostgreSQL it would quietly run outside the transaction. Both engines fail the same way.
 */
export class TxGuard {
  private readonly context = new AsyncLocalStorage<{ open: boolean }>();

  async within<T>(fn: () => Promise<T>): Promise<T> {
    const state = { open: true };
    try {
      return await this.context.run(state, fn);
    } finally {
      // Work started inside the transaction but still running after it may use the outer Db again.
      state.open = false;
    }
  }

  assertOutside(): void {
    if (this.context.getStore()?.open) {
      throw new AppError('internal', 'The outer Db was used inside its own transaction; use the tx handle');
    }
  }
}
