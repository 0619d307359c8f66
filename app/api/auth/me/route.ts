import { route } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/auth/me → {id, email} of the signed-in caller, or 401. */
export const GET = route({ auth: 'user' }, ({ user }) => user);
