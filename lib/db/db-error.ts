import { AppError, isAppError } from '@/lib/errors';

/** Why a constraint refused a write, the same word on both engines, for repositories to branch on. */
export type ConstraintReason = 'unique' | 'foreign_key' | 'check' | 'not_null';

const PG_REASONS: Record<string, ConstraintReason> = {
  '23505': 'unique',
  '23503': 'foreign_key',
  '23514': 'check',
  '23502': 'not_null',
};

const SQLITE_REASONS: Record<string, ConstraintReason> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key',
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
};

// Connection-level failures are "try again later", not bugs.
const UNAVAILABLE = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '53300']);

/**
 * Driver errors become AppErrors: a duplicate key is `conflict` (e.g. an email already registered), a busy or
 * unreachable database is `unavailable`, anything else `internal`. The driver's own error stays as `cause` for
 * logs; its message (which may quote SQL or values) never becomes the client-facing message.
 */
export function toDbError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
  const reason = PG_REASONS[code] ?? SQLITE_REASONS[code];
  let appError: AppError;
  if (reason === 'unique') appError = new AppError('conflict', 'Already exists', { reason });
  else if (reason) appError = new AppError('internal', 'Database constraint failed', { reason });
  else if (UNAVAILABLE.has(code)) appError = new AppError('unavailable', 'Database unavailable', { code });
  else appError = new AppError('internal', 'Database error', code ? { code } : undefined);
  appError.cause = error;
  return appError;
}
