import { route, services } from '@/lib/server';
import { cookieSummaries } from '@/lib/user-cookies/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/settings/cookies → per platform with stored cookies: when added, how many, the first expiry (never a cookie). */
export const GET = route({ auth: 'user' }, ({ user }) => cookieSummaries(services().db, user.id));
