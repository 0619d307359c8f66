import 'server-only';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { insertJobRow, interruptJobRows, purgeJobRows, readJobRow, saveJobRow } from './job-rows';
import type { BaseState, JobKind, JobToRun, NewJobRow } from './runner';

export type AnyKind = JobKind<unknown, BaseState>;

/**
 * The kinds a runner knows, and how each one's state goes to and from its `jobs` rows — the same for every
 * runner: recovery, purge, insert, save and read are written here once for all kinds.
 */
export function createKindRegistry(now: () => number) {
  const kinds = new Map<string, AnyKind>();
  const get = (type: string): AnyKind => {
    const kind = kinds.get(type);
    if (!kind) throw new AppError('internal', `No job kind ${type} is registered`);
    return kind;
  };
  return {
    register<P, S extends BaseState>(kind: JobKind<P, S>) {
      kinds.set(kind.type, kind as unknown as AnyKind);
    },
    get,
    all: () => [...kinds.values()],
    async insert(db: Db, kind: AnyKind, job: JobToRun<unknown>, row: NewJobRow<BaseState>) {
      const state = kind.encode(row.state, now());
      await insertJobRow(db, { id: job.id, type: kind.type, state, payload: job.payload, owner: row.owner, now: now(), expiresAt: row.expiresAt });
    },
    /** False when the row had already ended (or is gone): nothing was written. */
    async save(db: Db, kind: AnyKind, id: string, state: BaseState): Promise<boolean> {
      return saveJobRow(db, id, kind.type, kind.encode(state, now()), now(), kind.ended);
    },
    async read<S extends BaseState>(db: Db, kind: AnyKind, id: string): Promise<S | undefined> {
      const row = await readJobRow(db, id, kind.type, now());
      return row ? (kind.decode(row, id) as S) : undefined;
    },
    /** Marks what a process left unfinished, of every kind, as interrupted. */
    async recover(db: Db, startedBefore: number, at: number) {
      for (const kind of kinds.values()) {
        await interruptJobRows(db, kind.type, kind.active, kind.encode(kind.interrupted, at), startedBefore, at);
      }
    },
    async purge(db: Db, at: number) {
      for (const kind of kinds.values()) {
        await purgeJobRows(db, kind.type, at);
        await kind.purge?.(db, at);
      }
    },
  };
}

export type KindRegistry = ReturnType<typeof createKindRegistry>;
