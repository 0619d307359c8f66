import { liveQueue } from '@/lib/admin/queue';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/queue → every job queued or running now, across users; admins only, 404 for everyone else. */
export const GET = route({ auth: 'admin' }, async () => liveQueue(services().jobs, await services().db()));

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS } from '@/lib/server';
