import { z } from 'zod';
import { listAudit } from '@/lib/admin/audit';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const pageSchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** GET /api/admin/audit?page= → the audit log, newest first, 25 a page; admins only, 404 for everyone else. */
export const GET = route({ auth: 'admin', query: pageSchema }, async ({ query }) => listAudit(await services().db(), query.page));

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS } from '@/lib/server';
