import { searchUsers, userSearchSchema } from '@/lib/admin/users';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/users?q=&page= → accounts whose address contains q, by address; admins only, 404 for everyone else. */
export const GET = route({ auth: 'admin', query: userSearchSchema }, async ({ query }) => searchUsers(await services().db(), query.q || undefined, query.page));

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS } from '@/lib/server';
