import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet } from './api-client';
import { loginPathFor } from './session-tokens';

type Reply = { status: number; body: unknown };

const reply = (status: number, body: unknown): Reply => ({ status, body });
const denied = reply(401, { success: false, error: 'Sign in to continue', code: 'unauthorized' });
const fresh = reply(200, { success: true, data: { accessToken: 'new-access', refreshToken: 'new-refresh' } });

/** fetch answering from a queue, in order; every call is kept for inspection. */
function serve(...replies: Reply[]) {
  const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(async () => {
    const next = replies.shift();
    if (!next) throw new Error('unexpected fetch');
    return new Response(JSON.stringify(next.body), { status: next.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

let store: ReturnType<typeof memoryStorage>;
const assign = vi.fn();

function signedIn(tokens: Record<string, string> = { accessToken: 'old-access', refreshToken: 'old-refresh' }) {
  store = memoryStorage(tokens);
  vi.stubGlobal('localStorage', store);
}

const headerOf = (init: RequestInit | undefined, name: string) => (init?.headers as Record<string, string>)[name];

beforeEach(() => {
  assign.mockReset();
  vi.stubGlobal('window', { location: { pathname: '/ar/dashboard/history', search: '?page=2', assign } });
  signedIn({});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest on 401/403', () => {
  it('refreshes once with the stored refresh token, stores the new tokens and retries with them', async () => {
    signedIn();
    const fetchMock = serve(denied, fresh, reply(200, { success: true, data: { downloads: [] } }));
    await expect(apiGet('/api/history')).resolves.toEqual({ downloads: [] });

    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/history', '/api/auth/refresh', '/api/history']);
    const [, refreshInit] = fetchMock.mock.calls[1];
    expect(refreshInit).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"refreshToken":"old-refresh"}' });
    expect(headerOf(fetchMock.mock.calls[0][1], 'Authorization')).toBe('Bearer old-access');
    expect(headerOf(fetchMock.mock.calls[2][1], 'Authorization')).toBe('Bearer new-access');
    expect(Object.fromEntries(store.items)).toEqual({ accessToken: 'new-access', refreshToken: 'new-refresh' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is the answer', async () => {
    signedIn();
    const fetchMock = serve(reply(403, { success: false, error: 'Forbidden', code: 'forbidden' }), fresh, denied);
    const error = await apiGet('/api/settings').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('clears both tokens and sends the browser to the localized login, keeping where it was', async () => {
    signedIn();
    serve(denied, reply(401, { success: false, error: 'Session expired', code: 'unauthorized' }));
    await expect(apiGet('/api/history')).rejects.toMatchObject({ status: 401 });
    expect(store.items.size).toBe(0);
    expect(assign).toHaveBeenCalledWith('/ar/login?from=%2Far%2Fdashboard%2Fhistory%3Fpage%3D2');
  });

  it("treats a refresh answer without both tokens as 'Invalid response from refresh token endpoint'", async () => {
    signedIn();
    serve(denied, reply(200, { success: true, data: { accessToken: 'only-access' } }));
    await expect(apiGet('/api/history')).rejects.toBeInstanceOf(ApiError);
    expect(store.items.size).toBe(0);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('an anonymous request whose refresh fails just throws: no redirect', async () => {
    const fetchMock = serve(denied, reply(401, { success: false, error: 'No refresh token available' }));
    await expect(apiGet('/api/media/progress/dl_1')).rejects.toMatchObject({ status: 401 });
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({});
    expect(assign).not.toHaveBeenCalled();
  });

  it('an anonymous request with a live refresh cookie is renewed and retried', async () => {
    serve(denied, fresh, reply(200, { success: true, data: { ok: 1 } }));
    await expect(apiGet('/api/notifications')).resolves.toEqual({ ok: 1 });
    expect(store.items.get('accessToken')).toBe('new-access');
  });

  it('never refreshes for the refresh call itself, and leaves other errors alone', async () => {
    signedIn();
    const fetchMock = serve(denied, reply(404, { success: false, error: 'Download not found', code: 'not_found' }));
    await expect(apiGet('/api/auth/refresh')).rejects.toMatchObject({ status: 401 });
    await expect(apiGet('/api/media/progress/x')).rejects.toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it('requests failing together share one refresh', async () => {
    signedIn();
    const ok = reply(200, { success: true, data: 1 });
    const fetchMock = serve(denied, denied, fresh, ok, ok);
    await expect(Promise.all([apiGet('/api/a'), apiGet('/api/b')])).resolves.toEqual([1, 1]);
    expect(fetchMock.mock.calls.filter(([path]) => path === '/api/auth/refresh')).toHaveLength(1);
  });
});

describe('loginPathFor', () => {
  it('keeps English paths bare and prefixes the others', () => {
    expect(loginPathFor('/download', '?url=x')).toBe('/login?from=%2Fdownload%3Furl%3Dx');
    expect(loginPathFor('/fr/dashboard', '')).toBe('/fr/login?from=%2Ffr%2Fdashboard');
    expect(loginPathFor('/ar-EG', '')).toBe('/ar-EG/login?from=%2Far-EG');
  });
});
