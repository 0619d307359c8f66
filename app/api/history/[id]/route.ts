import { withUser } from '@/lib/auth/with-user';
import { removeHistoryEntry } from '@/lib/history/history';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** DELETE /api/history/{id} → {deleted}; another user's entry is 404 like a missing one. */
export const DELETE = withUser<{ id: string }>(async (_req, { user, params }) => removeHistoryEntry(user.id, params.id));
