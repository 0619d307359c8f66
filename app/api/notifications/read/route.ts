import { withUser } from '@/lib/auth/with-user';
import { getDb } from '@/lib/db';
import { markAllRead } from '@/lib/notifications/notifications-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/notifications/read → {marked}: every unread notification of the user is read now. */
export const POST = withUser(async (_req, { user }) => ({ marked: await markAllRead(await getDb(), user.id) }));
