import { withUser } from '@/lib/auth/with-user';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/auth/me → {id, email} of the signed-in caller, or 401. */
export const GET = withUser(async (_req, { user }) => user);
