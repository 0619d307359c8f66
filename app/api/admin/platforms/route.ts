import { platformsReport } from '@/lib/admin/platforms';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/platforms → the engine, its last update, each platform's breaker and canary; admins only. */
export const GET = route({ auth: 'admin' }, async () => platformsReport(await services().db(), services().engine));

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS } from '@/lib/server';
