import { route } from '@/lib/auth/route';
import { getOverview } from '@/lib/history/overview';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/dashboard/overview → {downloadsThisWeek, successRate, apiUsage, recent}. */
export const GET = route({ auth: 'user' }, ({ user }) => getOverview(user.id));
