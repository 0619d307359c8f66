import { withUser } from '@/lib/auth/with-user';
import { clearUserHistory, getHistory } from '@/lib/history/history';
import { historyQuerySchema } from '@/lib/history/schemas';
import { parseWith } from '@/lib/http/api-handler';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/history?page=&limit=12&search=&platform= → {downloads, total, page, totalPages}, newest first. */
export const GET = withUser(async (req, { user }) =>
  getHistory(user.id, parseWith(historyQuerySchema, Object.fromEntries(req.nextUrl.searchParams))),
);

/** DELETE /api/history → {deleted}: the user's whole history (Settings → Clear All History). */
export const DELETE = withUser(async (_req, { user }) => clearUserHistory(user.id));
