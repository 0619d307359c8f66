import { withUser } from '@/lib/auth/with-user';
import { exportUserData } from '@/lib/history/export';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/history/export → a JSON attachment of the user's history and settings. */
export const GET = withUser(async (_req, { user }) => exportUserData(user));
