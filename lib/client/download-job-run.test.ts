import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadProgress } from '@/lib/downloads/download-job-schemas';
import { PROGRESS_POLL_MS, runDownloadJob, type DownloadJobHandlers } from './download-job-run';

const record = (status: DownloadProgress['status'], progress: number, extra: Partial<DownloadProgress> = {}): DownloadProgress => ({
  id: 'dl_1', _id: 'dl_1', status, progress, message: status, downloadUrl: null, ...extra,
});

function handlers() {
  return { onStarted: vi.fn(), onProgress: vi.fn(), onReady: vi.fn(), onFailure: vi.fn() } satisfies DownloadJobHandlers;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('runDownloadJob', () => {
  it('starts the job, polls every 2000 ms and stops at ready', async () => {
    const answers = [record('queued', 0), record('processing', 40), record('ready', 100, { downloadUrl: '/api/download/m?itag=a&ext=mp4' })];
    const progress = vi.fn(async () => answers.shift()!);
    const on = handlers();
    runDownloadJob({ url: 'u', itag: 'a' }, { start: async () => 'dl_1', progress }, on);

    await vi.advanceTimersByTimeAsync(0);
    expect(on.onStarted).toHaveBeenCalledWith('dl_1');
    expect(progress).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(progress).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 2);
    expect(on.onProgress.mock.calls.map(([p]) => p.progress)).toEqual([0, 40, 100]);
    expect(on.onReady).toHaveBeenCalledWith(expect.objectContaining({ downloadUrl: '/api/download/m?itag=a&ext=mp4' }));
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 5);
    expect(progress).toHaveBeenCalledTimes(3);
  });

  it('stops at failed and hands over the record', async () => {
    const failed = record('failed', 10, { message: 'No downloadable media found at this link', code: 'no_media' });
    const on = handlers();
    const progress = vi.fn(async () => failed);
    runDownloadJob({ url: 'u' }, { start: async () => 'dl_1', progress }, on);
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 4);
    expect(on.onFailure).toHaveBeenCalledWith({ stage: 'job', progress: failed });
    expect(progress).toHaveBeenCalledTimes(1);
  });

  it('reports a refused start, and gives up polling only after three misses in a row', async () => {
    const refused = new Error('Please enter a valid URL');
    const onStart = handlers();
    runDownloadJob({ url: '' }, { start: async () => Promise.reject(refused), progress: vi.fn() }, onStart);
    await vi.advanceTimersByTimeAsync(0);
    expect(onStart.onFailure).toHaveBeenCalledWith({ stage: 'start', error: refused });

    const down = new Error('offline');
    const progress = vi.fn<() => Promise<DownloadProgress>>().mockRejectedValueOnce(down).mockResolvedValueOnce(record('processing', 50));
    progress.mockRejectedValue(down);
    const on = handlers();
    runDownloadJob({ url: 'u' }, { start: async () => 'dl_1', progress }, on);
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 4);
    expect(on.onFailure).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(on.onFailure).toHaveBeenCalledWith({ stage: 'poll', error: down });
  });

  it('after cancel, nothing more is fetched or reported', async () => {
    const progress = vi.fn(async () => record('processing', 20));
    const on = handlers();
    const cancel = runDownloadJob({ url: 'u' }, { start: async () => 'dl_1', progress }, on);
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    cancel();
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 5);
    expect(progress).toHaveBeenCalledTimes(1);
    expect(on.onProgress).toHaveBeenCalledTimes(1);
  });
});
