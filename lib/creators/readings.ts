import 'server-only';
import type { Db } from '@/lib/db';
import type { ChannelReading } from './types';

/** Keeps a channel's latest good reading, replacing the one before. */
export async function saveReading(db: Db, slug: string, reading: ChannelReading, at: number): Promise<void> {
  await db.run(
    `INSERT INTO creator_readings (slug, reading, read_at) VALUES (?, ?, ?)
       ON CONFLICT (slug) DO UPDATE SET reading = excluded.reading, read_at = excluded.read_at`,
    [slug, JSON.stringify(reading), at],
  );
}

/** The channel's last good reading, if there has ever been one (a row that no longer parses counts as none). */
export async function loadReading(db: Db, slug: string): Promise<{ reading: ChannelReading; readAt: number } | undefined> {
  const row = await db.get<{ reading: string; read_at: number }>('SELECT reading, read_at FROM creator_readings WHERE slug = ?', [slug]);
  if (!row) return undefined;
  try {
    const reading = JSON.parse(row.reading) as ChannelReading;
    return Array.isArray(reading.latestVideos) ? { reading, readAt: Number(row.read_at) } : undefined;
  } catch {
    return undefined;
  }
}
