import { getOverview } from '@/lib/history/overview';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/dashboard/overview → {downloadsThisWeek, successRate, apiUsage, recent}. */
export const GET = route({ auth: 'user' }, async ({ user }) => getOverview(await services().db(), user.id));
