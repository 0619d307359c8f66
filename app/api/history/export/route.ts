import { route } from '@/lib/auth/route';
import { exportUserData } from '@/lib/history/export';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/history/export → a JSON attachment of the user's history and settings. */
export const GET = route({ auth: 'user' }, ({ user }) => exportUserData(user));
