import { withUser } from '@/lib/auth/with-user';
import { getOverview } from '@/lib/history/overview';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/dashboard/overview → {downloadsThisWeek, successRate, apiUsage, recent}. */
export const GET = withUser(async (_req, { user }) => getOverview(user.id));
