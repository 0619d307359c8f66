import { route } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/health/live → 200 while the process answers at all: no store, no tools, nothing that can be slow. */
export const GET = route({ auth: 'none' }, () => ({ status: 'ok' }));
