import { route, services } from '@/lib/server';
import { listUploads } from '@/lib/follows/uploads-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/follows/uploads → {uploads}: "New from creators you follow" — uploads waiting for the user, and what
 * background downloads did with theirs (downloading, downloaded, or skipped with the reason).
 */
export const GET = route({ auth: 'user' }, async ({ user }) => ({ uploads: await listUploads(await services().db(), user.id) }));
