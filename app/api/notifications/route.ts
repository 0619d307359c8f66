import { withUser } from '@/lib/auth/with-user';
import { getDb } from '@/lib/db';
import { listNotifications } from '@/lib/notifications/notifications-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/notifications → {notifications: the latest 20, unread}. */
export const GET = withUser(async (_req, { user }) => listNotifications(await getDb(), user.id));
