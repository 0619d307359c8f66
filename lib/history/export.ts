import 'server-only';
import type { Db } from '@/lib/db';
import { getUserSettings } from '@/lib/settings/user-settings';
import { historyStoreFor } from './history';
import { allHistory, toEntry } from './history-store';

/**
 * GET /api/history/export: everything we hold about the user's downloads and preferences, as a JSON file. The
 * same fields the dashboard shows — there are no links to export, we never kept them.
 */
export async function exportUserData(store: Db, user: { id: string; email: string }): Promise<Response> {
  const db = await historyStoreFor(store, user.id);
  const [rows, settings] = await Promise.all([allHistory(db, user.id), getUserSettings(user.id, db)]);
  const body = {
    exportedAt: new Date().toISOString(),
    account: { email: user.email },
    settings,
    history: rows.map(toEntry),
  };
  const day = body.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="grabline-export-${day}.json"`,
      'Cache-Control': 'no-store',
    },
  });
}
