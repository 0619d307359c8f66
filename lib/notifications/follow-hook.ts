import 'server-only';
import type { Db } from '@/lib/db';
import { createNotification } from './notifications-store';

/**
 * New uploads of a followed creator: one notification per check that found some. Its title is the creator's name
 * and its body the newest upload's title, with how many more came with it ("Title (+2)").
 */
export async function onFollowNew(db: Db, found: { userId: string; creator: string; uploads: { title: string }[] }): Promise<void> {
  const [first, ...more] = found.uploads;
  if (!first) return;
  await createNotification(db, found.userId, {
    kind: 'follow_new',
    title: found.creator,
    body: more.length > 0 ? `${first.title} (+${more.length})` : first.title,
  });
}
