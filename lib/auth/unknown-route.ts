import 'server-only';
import { AppError } from '@/lib/errors';
import { route } from './route';

/**
 * The answer to an API path that names no route, for every method: the JSON `not_found` envelope. Wrapped as an
 * admin route, so it answers exactly as a hidden admin route answers a non-admin (404 before any other check).
 *
 * Next answers a method a route file does not export by itself — 405, or 204 with an `Allow` list for OPTIONS — which
 * would tell anyone that an admin route exists there and what it takes. So the API's catch-all and every admin route
 * export every method: those an admin route does not serve are this handler (a 404 for an admin too).
 */
export const unknownRoute = route({ auth: 'admin' }, () => {
  throw new AppError('not_found', 'Not found');
});
