import { exportUserData } from '@/lib/history/export';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/history/export → a JSON attachment of the user's history and settings. */
export const GET = route({ auth: 'user' }, async ({ user }) => exportUserData(await services().db(), user));
