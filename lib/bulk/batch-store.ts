import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import type { JobStatus } from '@/lib/downloads/job-status';
import type { SplitMode } from '@/lib/media/chapters/delivery';
import { LOUDNESS_CHOICES, type LoudnessChoice, type LoudnessTarget } from '@/lib/media/loudness/targets';
import { choiceText, SPONSOR_CATEGORIES, type SponsorCategory } from '@/lib/media/sponsorblock/categories';
import type { BulkFormat, BulkItem, BulkItemStatus, BulkQuality } from './schemas';

/**
 * Batches and their items in the `batches` / `jobs` tables (type 'bulk-item'), so any node answers
 * GET /api/bulk/{id} and a restart can mark unfinished items. Positions leave a gap of STRIDE between the
 * links the user gave, so a playlist's entries can take its place without renumbering the others.
 */
export const POSITION_STRIDE = 1000;

/** Where a completed item's file is: what the delivery engine needs to stream it again (for the ZIP). */
export interface ItemFile {
  mediaId: string;
  itag: string;
  ext: string;
  /** The loudness its sound was normalised to, when the batch asked for one. */
  loudness?: LoudnessTarget;
  /** SponsorBlock's lists it was made with (a YouTube video's). */
  sponsorMark?: SponsorCategory[];
  sponsorRemove?: SponsorCategory[];
  /** One file per chapter, as a ZIP: how its pieces were cut. */
  split?: SplitMode;
}

export interface ItemState {
  status: JobStatus;
  progress: number;
  message: string;
  title?: string;
  code?: string;
  downloadUrl?: string;
  file?: ItemFile;
}

export interface StoredItem extends ItemState {
  id: string;
  url: string;
  position: number;
}

export interface StoredBatch {
  id: string;
  /** The signed-in user who started it; null for an anonymous batch. */
  owner: string | null;
  quality: BulkQuality;
  format: BulkFormat;
  /** What every item's sound is normalised to ('off': as the source has it). */
  loudness: LoudnessChoice;
  /** SponsorBlock's lists every YouTube item is made with; absent: the default. */
  sponsorMark?: SponsorCategory[];
  sponsorRemove?: SponsorCategory[];
  /** Each item of a media with chapters split into one file per chapter (stored 'off' when not). */
  split?: SplitMode;
  /** A batch marked "later": when its items start (its owner's download window); null for one started at once. */
  scheduledFor: number | null;
  items: StoredItem[];
}

interface ItemRow {
  id: string;
  status: string;
  progress: number;
  message: string | null;
  payload: string;
  result: string | null;
  position: number;
}

const insertItemSql = `INSERT INTO jobs (id, type, status, progress, message, payload, owner, batch_id, position, created_at, updated_at, expires_at)
  VALUES (?, 'bulk-item', ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)`;

export async function insertBatch(
  db: Db,
  batch: {
    id: string; owner: string | null; quality: BulkQuality; format: BulkFormat; loudness?: LoudnessChoice; urls: string[]; message: string; now: number; expiresAt: number; scheduledFor?: number;
    sponsorMark?: SponsorCategory[]; sponsorRemove?: SponsorCategory[]; split?: SplitMode;
  },
): Promise<StoredItem[]> {
  return db.transaction(async (tx) => {
    await tx.run('INSERT INTO batches (id, owner, quality, format, loudness, split, created_at, expires_at, scheduled_for) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      batch.id, batch.owner, batch.quality, batch.format, batch.loudness ?? 'off', batch.split ?? 'off', batch.now, batch.expiresAt, batch.scheduledFor ?? null,
    ]);
    const listed = (list?: SponsorCategory[]) => (list ? choiceText(list) : null);
    if (batch.sponsorMark || batch.sponsorRemove) {
      await tx.run('UPDATE batches SET sponsor_mark = ?, sponsor_remove = ? WHERE id = ?', [listed(batch.sponsorMark), listed(batch.sponsorRemove), batch.id]);
    }
    const items: StoredItem[] = [];
    for (const [index, url] of batch.urls.entries()) {
      const item = { id: newId('bi'), url, position: index * POSITION_STRIDE, status: 'queued' as const, progress: 0, message: batch.message };
      await tx.run(insertItemSql, [item.id, item.status, item.message, JSON.stringify({ url }), batch.owner, batch.id, item.position, batch.now, batch.now, batch.expiresAt]);
      items.push(item);
    }
    return items;
  });
}

/** A playlist's row gives way to its entries, in its place; returns the new items. */
export async function replaceWithEntries(
  db: Db,
  item: StoredItem,
  batchId: string,
  entries: { url: string; title?: string }[],
  meta: { owner: string | null; message: string; now: number },
): Promise<StoredItem[]> {
  return db.transaction(async (tx) => {
    const row = await tx.get<{ expires_at: number }>('SELECT expires_at FROM jobs WHERE id = ?', [item.id]);
    if (!row) return [];
    await tx.run('DELETE FROM jobs WHERE id = ?', [item.id]);
    const added: StoredItem[] = [];
    for (const [index, entry] of entries.entries()) {
      const next: StoredItem = { id: newId('bi'), url: entry.url, title: entry.title, position: item.position + index + 1, status: 'queued', progress: 0, message: meta.message };
      await tx.run(insertItemSql, [next.id, next.status, next.message, JSON.stringify({ url: entry.url }), meta.owner, batchId, next.position, meta.now, meta.now, Number(row.expires_at)]);
      if (entry.title) await tx.run('UPDATE jobs SET result = ? WHERE id = ?', [JSON.stringify({ title: entry.title }), next.id]);
      added.push(next);
    }
    return added;
  });
}

export async function countItems(db: Db, batchId: string): Promise<number> {
  const row = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM jobs WHERE batch_id = ?', [batchId]);
  return Number(row?.n ?? 0);
}

const SPLIT_MODES: readonly SplitMode[] = ['copy', 'exact'];

/** A stored comma list of SponsorBlock categories; names a later version dropped are skipped. */
const categoriesOf = (text: string): SponsorCategory[] =>
  text.split(',').filter((name): name is SponsorCategory => (SPONSOR_CATEGORIES as readonly string[]).includes(name));

export async function readBatch(db: Db, batchId: string, now: number): Promise<StoredBatch | undefined> {
  const found = await db.get<{ owner: string | null; quality: BulkQuality; format: BulkFormat; loudness: string; split: string; scheduled_for: number | null; sponsor_mark: string | null; sponsor_remove: string | null }>(
    'SELECT owner, quality, format, loudness, split, scheduled_for, sponsor_mark, sponsor_remove FROM batches WHERE id = ? AND expires_at > ?', [batchId, now],
  );
  if (!found) return undefined;
  const { scheduled_for: scheduled, sponsor_mark: mark, sponsor_remove: remove, split: splitText, ...row } = found;
  const sponsor = { ...(mark === null ? {} : { sponsorMark: categoriesOf(mark) }), ...(remove === null ? {} : { sponsorRemove: categoriesOf(remove) }) };
  const split = SPLIT_MODES.find((mode) => mode === splitText);
  const batch = { ...row, scheduledFor: scheduled === null ? null : Number(scheduled), loudness: LOUDNESS_CHOICES.find((choice) => choice === row.loudness) ?? 'off' };
  const rows = await db.query<ItemRow>(
    `SELECT id, status, progress, message, payload, result, position FROM jobs
     WHERE batch_id = ? AND type = 'bulk-item' ORDER BY position`, [batchId],
  );
  return { id: batchId, ...batch, ...sponsor, ...(split ? { split } : {}), owner: batch.owner ?? null, items: rows.map(toItem) };
}

function toItem(row: ItemRow): StoredItem {
  const { url } = JSON.parse(row.payload) as { url: string };
  const rest = row.result ? (JSON.parse(row.result) as Omit<ItemState, 'status' | 'progress' | 'message'>) : {};
  return {
    id: row.id, url, position: Number(row.position), status: row.status as JobStatus,
    progress: Number(row.progress), message: row.message ?? '', ...rest,
  };
}

/** The bulk API's words for the jobs' own: a queued item is `pending`, a ready one `completed`. */
const PUBLIC_STATUS: Record<JobStatus, BulkItemStatus> = { queued: 'pending', analyzing: 'processing', processing: 'processing', ready: 'completed', failed: 'failed' };

/** What the API shows of an item: never where its file sits on the server. */
export function publicItem(item: StoredItem): BulkItem {
  const { id, url, title, status, progress, message, code, downloadUrl } = item;
  return { id, url, status: PUBLIC_STATUS[status], progress, message, ...(title ? { title } : {}), ...(code ? { code } : {}), ...(downloadUrl ? { downloadUrl } : {}) };
}

/**
 * Whether a file is a completed item of one of the owner's live batches. Entries' rows have no owner of their
 * own, so the batch's owner is the one asked.
 */
export async function hasCompletedFile(db: Db, owner: string, file: ItemFile, now: number): Promise<boolean> {
  const rows = await db.query<{ result: string | null }>(
    `SELECT j.result FROM jobs j JOIN batches b ON b.id = j.batch_id
     WHERE b.owner = ? AND b.expires_at > ? AND j.type = 'bulk-item' AND j.status = 'ready'`, [owner, now],
  );
  return rows.some(({ result }) => {
    const done = result ? (JSON.parse(result) as Pick<ItemState, 'file'>).file : undefined;
    return done?.mediaId === file.mediaId && done.itag === file.itag && done.ext === file.ext;
  });
}

export async function purgeExpiredBatches(db: Db, now: number): Promise<void> {
  await db.run(`DELETE FROM jobs WHERE type = 'bulk-item' AND expires_at <= ?`, [now]);
  await db.run('DELETE FROM batches WHERE expires_at <= ?', [now]);
}
