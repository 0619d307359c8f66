import { route, services } from '@/lib/server';
import { markAllRead } from '@/lib/notifications/notifications-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/notifications/read → {marked}: every unread notification of the user is read now. */
export const POST = route({ auth: 'user' }, async ({ user }) => ({ marked: await markAllRead(await services().db(), user.id) }));
