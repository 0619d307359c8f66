import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';

/** What an admin did. Each lands in the audit log. */
export const AUDIT_ACTIONS = [
  'user.role', 'user.delete', 'user.limits', 'invite.create', 'invite.revoke', 'job.cancel', 'engine.update',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** Entries older than this are purged. */
export const AUDIT_KEEP_MS = 90 * 24 * 60 * 60 * 1000;
export const AUDIT_PAGE_SIZE = 25;

/** Who acted: the admin's id and address (the address stays in the log after the account is gone). */
export interface AuditActor {
  id: string;
  email: string;
}

/** Whom or what the action was about: a user, an invite, a job, the engine. */
export interface AuditTarget {
  id: string | null;
  /** What the console shows for it: a user's address, a job's kind. */
  label?: string | null;
}

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string().meta({ format: 'date-time' }),
  actor: z.string().meta({ description: 'The admin’s email address' }),
  action: auditActionSchema,
  target: z.string().nullable().meta({ description: 'The id of whom or what the action was about' }),
  targetLabel: z.string().nullable().meta({ description: 'A user’s address, a job’s kind' }),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

let lastStamp = 0;

/**
 * When an entry happened, in ms. Two entries of one millisecond (an invite made and withdrawn at once) would page in
 * either order (the log is ordered by time), so an entry within a second of this process's last one is stamped just
 * after it; a clock set back further than that is taken as it is.
 */
function auditStamp(): number {
  const at = now();
  lastStamp = at > lastStamp || lastStamp - at >= 1000 ? at : lastStamp + 1;
  return lastStamp;
}

/**
 * Writes one entry of the audit log: `actor` did `action` to `target` (with `detail`, e.g. the new role or limits).
 * Call it after the action succeeded.
 */
export async function recordAudit(
  actor: AuditActor, action: AuditAction, target: AuditTarget, detail: Record<string, unknown> | null, db: Db,
): Promise<void> {
  await db.run(
    'INSERT INTO admin_audit (id, at, actor_id, actor_email, action, target, target_label, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [newId('aud'), auditStamp(), actor.id, actor.email, action, target.id, target.label ?? null, detail ? JSON.stringify(detail) : null],
  );
}

interface Row {
  id: string;
  at: number | string;
  actor_email: string;
  action: AuditAction;
  target: string | null;
  target_label: string | null;
  detail: string | null;
}

/** One page of the log, newest first (`page` from 1; past the end gives an empty page). */
export async function listAudit(db: Db, page: number, pageSize = AUDIT_PAGE_SIZE): Promise<AuditPage> {
  const counted = await db.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM admin_audit');
  const total = Number(counted?.n ?? 0);
  const rows = await db.query<Row>(
    'SELECT id, at, actor_email, action, target, target_label, detail FROM admin_audit ORDER BY at DESC, id DESC LIMIT ? OFFSET ?',
    [pageSize, (page - 1) * pageSize],
  );
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: new Date(Number(row.at)).toISOString(),
      actor: row.actor_email,
      action: row.action,
      target: row.target,
      targetLabel: row.target_label,
      detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
    })),
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    total,
  };
}

/** Deletes entries older than 90 days; returns how many went. */
export async function purgeAudit(db: Db, at = now()): Promise<number> {
  return (await db.run('DELETE FROM admin_audit WHERE at < ?', [at - AUDIT_KEEP_MS])).changes;
}
