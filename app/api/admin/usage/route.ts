import { usageDaysSchema, usageSummary } from '@/lib/admin/usage';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/usage?days=1|7 → downloads, bytes and failures by time, platform and code; admins only. */
export const GET = route({ auth: 'admin', query: usageDaysSchema }, async ({ query }) => usageSummary(await services().db(), query.days, Date.now()));

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS } from '@/lib/server';
