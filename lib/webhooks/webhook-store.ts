import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';
import { AppError } from '@/lib/errors';
import { listDeliveries } from './delivery-store';
import { type CreateWebhook, type CreatedWebhook, type Webhook, type WebhookEvent, type WebhookFormat, WEBHOOK_EVENTS, WEBHOOK_LIMIT } from './schemas';
import { newWebhookSecret, sealSecret } from './secret-box';

interface Row {
  id: string;
  user_id: string;
  url: string;
  events: string;
  format: WebhookFormat;
  secret_box: string;
  enabled: number;
  created_at: number;
}

/** What a delivery needs: where, how, and the sealed secret to sign with. */
export interface WebhookTarget {
  id: string;
  userId: string;
  url: string;
  format: WebhookFormat;
  secretBox: string;
  enabled: boolean;
  /** The owner's account is disabled: nothing is sent for it. */
  ownerDisabled: boolean;
}

const COLUMNS = 'id, user_id, url, events, format, secret_box, enabled, created_at';
const eventsOf = (row: Row) => row.events.split(',').filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e));
const targetOf = (row: Row & { owner_role?: string | null }): WebhookTarget => ({
  id: row.id, userId: row.user_id, url: row.url, format: row.format, secretBox: row.secret_box, enabled: Number(row.enabled) === 1,
  ownerDisabled: row.owner_role === 'disabled',
});

async function shown(db: Db, row: Row): Promise<Webhook> {
  return {
    id: row.id, url: row.url, events: eventsOf(row), format: row.format, enabled: Number(row.enabled) === 1,
    createdAt: new Date(Number(row.created_at)).toISOString(), deliveries: await listDeliveries(db, row.id),
  };
}

/** A new webhook for the user; its secret is in the answer this once and only sealed in the store. */
export async function createWebhook(db: Db, userId: string, spec: CreateWebhook): Promise<CreatedWebhook> {
  const secret = newWebhookSecret();
  const row: Row = {
    id: newId('whk'), user_id: userId, url: spec.url, events: spec.events.join(','), format: spec.format,
    secret_box: sealSecret(secret), enabled: 1, created_at: now(),
  };
  await db.transaction(async (tx) => {
    const count = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhooks WHERE user_id = ?', [userId]);
    if (Number(count?.n ?? 0) >= WEBHOOK_LIMIT) throw new AppError('webhook_limit', `At most ${WEBHOOK_LIMIT} webhooks per account`, { limit: WEBHOOK_LIMIT });
    await tx.run(`INSERT INTO webhooks (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
      row.id, row.user_id, row.url, row.events, row.format, row.secret_box, row.enabled, row.created_at,
    ]);
  });
  return { ...(await shown(db, row)), secret };
}

/** The user's webhooks, oldest first, each with its last deliveries; never a secret. */
export async function listWebhooks(db: Db, userId: string): Promise<Webhook[]> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM webhooks WHERE user_id = ? ORDER BY created_at, id`, [userId]);
  return Promise.all(rows.map((row) => shown(db, row)));
}

/** One of the user's webhooks as the API shows it; not_found for anyone else's. */
export async function getWebhook(db: Db, userId: string, id: string): Promise<Webhook> {
  const row = await db.get<Row>(`SELECT ${COLUMNS} FROM webhooks WHERE id = ? AND user_id = ?`, [id, userId]);
  if (!row) throw new AppError('not_found', 'Webhook not found');
  return shown(db, row);
}

export async function setWebhookEnabled(db: Db, userId: string, id: string, enabled: boolean): Promise<Webhook> {
  const { changes } = await db.run('UPDATE webhooks SET enabled = ? WHERE id = ? AND user_id = ?', [enabled ? 1 : 0, id, userId]);
  if (changes === 0) throw new AppError('not_found', 'Webhook not found');
  return getWebhook(db, userId, id);
}

/** Deletes the webhook and its deliveries; a delivery still waiting for a retry finds nothing and stops. */
export async function deleteWebhook(db: Db, userId: string, id: string): Promise<void> {
  const { changes } = await db.run('DELETE FROM webhooks WHERE id = ? AND user_id = ?', [id, userId]);
  if (changes === 0) throw new AppError('not_found', 'Webhook not found');
}

/** The user's enabled webhooks that want `event`; none while the account is disabled. */
export async function webhooksFor(db: Db, userId: string, event: WebhookEvent): Promise<WebhookTarget[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM webhooks WHERE user_id = ? AND enabled = 1
       AND user_id NOT IN (SELECT id FROM users WHERE role = 'disabled')`,
    [userId],
  );
  return rows.filter((row) => eventsOf(row).includes(event)).map(targetOf);
}

/** The webhook a delivery belongs to, whoever owns it (deliveries run without a caller), with its owner's role. */
export async function webhookTarget(db: Db, id: string): Promise<WebhookTarget | undefined> {
  const row = await db.get<Row & { owner_role: string | null }>(
    `SELECT ${COLUMNS.split(', ').map((column) => `w.${column}`).join(', ')}, u.role AS owner_role
     FROM webhooks w LEFT JOIN users u ON u.id = w.user_id WHERE w.id = ?`,
    [id],
  );
  return row && targetOf(row);
}
