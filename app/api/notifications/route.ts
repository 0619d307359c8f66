import { route } from '@/lib/auth/route';
import { getDb } from '@/lib/db';
import { listNotifications } from '@/lib/notifications/notifications-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/notifications → {notifications: the latest 20, unread}. */
export const GET = route({ auth: 'user' }, async ({ user }) => listNotifications(await getDb(), user.id));
