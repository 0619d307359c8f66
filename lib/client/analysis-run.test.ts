import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaInfo } from '@/lib/media/types';
import { MAX_POLLS, STREAM_DEADLINE_MS, runAnalysis, type AnalysisDeps, type AnalysisEvents, type StatusStream, type StatusUpdate } from './analysis-run';

const META = { id: 'm1', title: 'Clip', formats: [] } as unknown as MediaInfo;

function fakeStream(): StatusStream & { closed: boolean; send(data: unknown): void; fail(): void } {
  const stream = {
    onmessage: null as StatusStream['onmessage'],
    onerror: null as StatusStream['onerror'],
    closed: false,
    close() {
      stream.closed = true;
    },
    send(data: unknown) {
      stream.onmessage?.({ data: JSON.stringify({ type: 'status', data }) });
    },
    fail() {
      stream.onerror?.(new Event('error'));
    },
  };
  return stream;
}

function setup(opts: { stream?: ReturnType<typeof fakeStream> | null; statuses?: () => Promise<StatusUpdate> } = {}) {
  const deps: AnalysisDeps = {
    startJob: vi.fn(async () => ({ jobId: 'job-1' })),
    getStatus: vi.fn(opts.statuses ?? (async () => ({ status: 'analyzing' as const }))),
    openStream: vi.fn(() => (opts.stream === undefined ? null : opts.stream)),
    parse: JSON.parse,
  };
  const events = {
    onProgress: vi.fn(),
    onReady: vi.fn(),
    onFailure: vi.fn(),
    onConnectionLost: vi.fn(),
  } satisfies AnalysisEvents;
  return { deps, events };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runAnalysis', () => {
  it('takes a finished analysis from the start answer itself and opens no stream', async () => {
    const stream = fakeStream();
    const { deps, events } = setup({ stream });
    deps.startJob = vi.fn(async () => ({ jobId: 'job-1', snapshot: { status: 'ready' as const, progress: 100, metadata: META } }));
    runAnalysis('https://a.example/v', deps, events);
    await vi.advanceTimersByTimeAsync(0);
    expect(events.onReady).toHaveBeenCalledWith(META);
    expect(deps.openStream).not.toHaveBeenCalled();
  });

  it('follows the stream when the start answer is still in progress', async () => {
    const stream = fakeStream();
    const { deps, events } = setup({ stream });
    deps.startJob = vi.fn(async () => ({ jobId: 'job-1', snapshot: { status: 'analyzing' as const, progress: 10 } }));
    runAnalysis('https://a.example/v', deps, events);
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.openStream).toHaveBeenCalledWith('job-1');
    stream.send({ status: 'ready' as const, metadata: META });
    expect(events.onReady).toHaveBeenCalledWith(META);
  });

  it('gives up on a live stream that never finishes, with the timeout notice, and closes it', async () => {
    const stream = fakeStream();
    const { deps, events } = setup({ stream });
    runAnalysis('https://a.example/v', deps, events);
    await vi.advanceTimersByTimeAsync(0);
    stream.send({ status: 'analyzing' as const, progress: 10 });
    await vi.advanceTimersByTimeAsync(STREAM_DEADLINE_MS - 1);
    expect(events.onFailure).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(events.onFailure).toHaveBeenCalledWith({ stage: 'timeout' });
    expect(stream.closed).toBe(true);
    stream.send({ status: 'ready' as const, metadata: META });
    expect(events.onReady).not.toHaveBeenCalled();
  });

  it('a stream that fails hands over to polling, whose own 30 polls then decide', async () => {
    const stream = fakeStream();
    const { deps, events } = setup({ stream });
    runAnalysis('https://a.example/v', deps, events);
    await vi.advanceTimersByTimeAsync(0);
    stream.fail();
    await vi.advanceTimersByTimeAsync(STREAM_DEADLINE_MS + 1);
    expect(deps.getStatus).toHaveBeenCalledTimes(MAX_POLLS);
    expect(events.onFailure).toHaveBeenCalledTimes(1);
  });

  it('shows the metadata from the stream and closes it when the job is ready', async () => {
    const stream = fakeStream();
    const { deps, events } = setup({ stream });
    runAnalysis('https://a.example/v', deps, events);
    await vi.advanceTimersByTimeAsync(0);
    stream.send({ status: 'analyzing' as const, progress: 40 });
    expect(events.onProgress).toHaveBeenCalledWith(expect.objectContaining({ progress: 40 }));
    stream.send({ status: 'ready' as const, metadata: META });
    expect(events.onReady).toHaveBeenCalledWith(META);
    expect(stream.closed).toBe(true);
    expect(deps.getStatus).not.toHaveBeenCalled();
  });

  it('reports a job error with its message and code, and closes the stream', async () => {
    const stream = fakeStream();
    const { deps, events } = setup({ stream });
    runAnalysis('u', deps, events);
    await vi.advanceTimersByTimeAsync(0);
    stream.send({ status: 'error' as const, message: 'No media here', code: 'no_media' });
    expect(events.onFailure).toHaveBeenCalledWith({ stage: 'job', message: 'No media here', code: 'no_media' });
    expect(stream.closed).toBe(true);
  });

  it('hands on what a job error says about its platform (until when it is paused)', async () => {
    const stream = fakeStream();
    const { deps, events } = setup({ stream });
    runAnalysis('u', deps, events);
    await vi.advanceTimersByTimeAsync(0);
    const details = { platform: 'tiktok', retryAt: '2026-11-25T14:35:00.000Z', retryAfter: 60 };
    stream.send({ status: 'error' as const, message: 'Paused', code: 'platform_paused', details });
    expect(events.onFailure).toHaveBeenCalledWith({ stage: 'job', message: 'Paused', code: 'platform_paused', details });
  });

  it('falls back to polling once a second after a stream error, and gives up after 30 polls', async () => {
    const stream = fakeStream();
    const { deps, events } = setup({ stream });
    runAnalysis('u', deps, events);
    await vi.advanceTimersByTimeAsync(0);
    stream.fail();
    expect(stream.closed).toBe(true);
    expect(events.onConnectionLost).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.getStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(deps.getStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deps.getStatus).toHaveBeenCalledTimes(MAX_POLLS);
    expect(events.onFailure).toHaveBeenCalledWith({ stage: 'timeout' });
  });

  it('finishes from polling when the job becomes ready', async () => {
    let calls = 0;
    const { deps, events } = setup({
      statuses: async () => (++calls < 3 ? { status: 'queued' as const } : { status: 'ready' as const, metadata: META }),
    });
    runAnalysis('u', deps, events);
    await vi.advanceTimersByTimeAsync(5000);
    expect(events.onReady).toHaveBeenCalledWith(META);
    expect(deps.getStatus).toHaveBeenCalledTimes(3);
    expect(events.onConnectionLost).not.toHaveBeenCalled();
  });

  it('stops at the first failed poll', async () => {
    const failure = new Error('boom');
    const { deps, events } = setup({ statuses: async () => Promise.reject(failure) });
    runAnalysis('u', deps, events);
    await vi.advanceTimersByTimeAsync(5000);
    expect(deps.getStatus).toHaveBeenCalledTimes(1);
    expect(events.onFailure).toHaveBeenCalledWith({ stage: 'poll', error: failure });
  });

  it('reports a failed start', async () => {
    const { deps, events } = setup();
    const failure = new Error('refused');
    deps.startJob = vi.fn(async () => Promise.reject(failure));
    runAnalysis('u', deps, events);
    await vi.advanceTimersByTimeAsync(0);
    expect(events.onFailure).toHaveBeenCalledWith({ stage: 'start', error: failure });
    expect(deps.openStream).not.toHaveBeenCalled();
  });

  it('fires nothing after it is cancelled', async () => {
    const stream = fakeStream();
    const { deps, events } = setup({ stream });
    const cancel = runAnalysis('u', deps, events);
    await vi.advanceTimersByTimeAsync(0);
    cancel();
    expect(stream.closed).toBe(true);
    stream.send({ status: 'ready' as const, metadata: META });
    stream.fail();
    await vi.advanceTimersByTimeAsync(5000);
    expect(events.onReady).not.toHaveBeenCalled();
    expect(events.onConnectionLost).not.toHaveBeenCalled();
    expect(deps.getStatus).not.toHaveBeenCalled();
  });
});
