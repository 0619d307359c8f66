import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { insertHistory, type NewHistoryRow } from '@/lib/history/history-store';

export const DAY = 24 * 60 * 60 * 1000;

/** A registered, signed-in user: the cookie header to send and their id. */
export async function signUp(email: string): Promise<{ cookie: string; userId: string }> {
  await callRoute(register, '/api/auth/register', { body: { email, password: 'correct horse' } });
  const session = (await callRoute(login, '/api/auth/login', { body: { email, password: 'correct horse' } })).json.data;
  return { cookie: `gl_access=${session.accessToken}`, userId: session.user.id };
}

/** A stored history entry with sensible defaults; `ageDays` back from now. */
export async function seedHistory(userId: string, row: Partial<NewHistoryRow> & { ageDays?: number } = {}): Promise<string> {
  const { ageDays = 0, ...rest } = row;
  return insertHistory(await getDb(), {
    userId,
    title: 'A video',
    thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    platform: 'youtube',
    mediaRef: 'youtube:dQw4w9WgXcQ',
    quality: '720p',
    format: 'mp4',
    status: 'completed',
    fileSize: 1_048_576,
    downloadedAt: Date.now() - ageDays * DAY,
    ...rest,
  });
}
