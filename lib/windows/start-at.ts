import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import type { UserWindow, UserWindowPatch } from './schemas';
import { deleteUserWindow, readUserWindow, saveUserWindow, type StoredWindow } from './user-window-store';
import { nextOpen, nextOpenAll, type ZonedWindow } from './window-math';
import { parseWindow } from './window-spec';

/** The operator's window (DOWNLOAD_WINDOW in DOWNLOAD_WINDOW_TZ), or undefined when work may start any time. */
export function operatorWindow(): ZonedWindow | undefined {
  const { DOWNLOAD_WINDOW, DOWNLOAD_WINDOW_TZ } = config().env;
  const parsed = DOWNLOAD_WINDOW ? parseWindow(DOWNLOAD_WINDOW) : undefined;
  return parsed?.ok && parsed.rules.length > 0 ? { rules: parsed.rules, timeZone: DOWNLOAD_WINDOW_TZ } : undefined;
}

function zonedOf(stored: StoredWindow | undefined): ZonedWindow | undefined {
  const parsed = stored ? parseWindow(stored.spec) : undefined;
  return stored && parsed?.ok && parsed.rules.length > 0 ? { rules: parsed.rules, timeZone: stored.timeZone } : undefined;
}

/** When the windows open together (now while they are); the operator's alone if they never meet. */
function startOf(windows: ZonedWindow[], now: number): number {
  return nextOpenAll(windows, now) ?? (windows[0] && nextOpen(windows[0], now)) ?? now;
}

/**
 * When a user's background work (a follow's automatic download, a bulk item marked "later") may start: `now` while
 * the operator's window and the user's own are both open, else when they next are.
 */
export async function backgroundStartAt(db: Db, userId: string, now: number): Promise<number> {
  const windows = [operatorWindow(), zonedOf(await readUserWindow(db, userId))].filter((w): w is ZonedWindow => w !== undefined);
  return windows.length === 0 ? now : startOf(windows, now);
}

export async function userWindow(db: Db, userId: string, now: number): Promise<UserWindow> {
  const stored = await readUserWindow(db, userId);
  const { DOWNLOAD_WINDOW, DOWNLOAD_WINDOW_TZ } = config().env;
  return {
    window: stored?.spec ?? '',
    timeZone: stored?.timeZone ?? null,
    server: { window: DOWNLOAD_WINDOW ?? null, timeZone: DOWNLOAD_WINDOW_TZ },
    nextStart: new Date(await backgroundStartAt(db, userId, now)).toISOString(),
  };
}

/**
 * Sets (or, with empty text, removes) the user's window. One that never meets the operator's would hold nothing
 * back (the operator's alone would apply): it is refused so the user sees why.
 */
export async function changeUserWindow(db: Db, userId: string, patch: UserWindowPatch, now: number): Promise<UserWindow> {
  if (!patch.window) {
    await deleteUserWindow(db, userId);
    return userWindow(db, userId, now);
  }
  const mine = zonedOf({ spec: patch.window, timeZone: patch.timeZone });
  const server = operatorWindow();
  if (mine && server && nextOpenAll([server, mine], now) === undefined) {
    throw new AppError('invalid_request', `This window never meets the server's (${config().env.DOWNLOAD_WINDOW}, ${server.timeZone})`, { field: 'window' });
  }
  await saveUserWindow(db, userId, { spec: patch.window, timeZone: patch.timeZone }, now);
  return userWindow(db, userId, now);
}
