import { route, services } from '@/lib/server';
import { listNotifications } from '@/lib/notifications/notifications-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/notifications → {notifications: the latest 20, unread}. */
export const GET = route({ auth: 'user' }, async ({ user }) => listNotifications(await services().db(), user.id));
