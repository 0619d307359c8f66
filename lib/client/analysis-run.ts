import type { JobSnapshot } from '@/lib/media/schemas';
import type { MediaInfo } from '@/lib/media/types';

/**
 * One analysis, from "start" to ready / error / timeout, without React (so fake timers can drive it in a unit
 * test). Prefer the live stream; on a stream failure close it, say so, and poll the JSON
 * status once per second, at most 30 times.
 */

export const POLL_INTERVAL_MS = 1000;
export const MAX_POLLS = 30;
/**
 * A live stream that never reaches ready or error gives up too. Past the server's own bound on one analysis
 * (the yt-dlp pool's 45 s), so a slow but healthy analysis is never cut short by the page.
 */
export const STREAM_DEADLINE_MS = 60_000;

/** A job's state as /api/status and the start answer send it; read defensively, so progress may be missing. */
export type StatusUpdate = Omit<JobSnapshot, 'progress'> & { progress?: number };

/** What went wrong, as data: the hook turns it into the visitor's language. */
export type AnalysisFailure =
  | { stage: 'start'; error: unknown }
  | { stage: 'job'; message?: string; code?: string; details?: Record<string, unknown> }
  | { stage: 'poll'; error: unknown }
  | { stage: 'timeout' };

/** The part of EventSource we use, so a test can hand in a fake. */
export interface StatusStream {
  onmessage: ((event: { data: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}

/** What starting an analysis answers: the job, and its state when the server could finish it in that one trip. */
export interface StartedJob {
  jobId: string;
  snapshot?: StatusUpdate;
}

export interface AnalysisDeps {
  startJob(url: string): Promise<StartedJob>;
  getStatus(jobId: string): Promise<StatusUpdate>;
  /** null when the browser has no EventSource: then we poll from the start, without a connection notice. */
  openStream(jobId: string): StatusStream | null;
  parse(text: string): unknown;
}

export interface AnalysisEvents {
  onJob?(jobId: string): void;
  onProgress(update: StatusUpdate): void;
  onReady(metadata: MediaInfo): void;
  onFailure(failure: AnalysisFailure): void;
  onConnectionLost(): void;
}

/** Starts the run; the returned function cancels it (no event fires after that). */
export function runAnalysis(url: string, deps: AnalysisDeps, events: AnalysisEvents): () => void {
  let finished = false;
  let stream: StatusStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let polls = 0;

  function stop() {
    finished = true;
    stream?.close();
    stream = null;
    clearTimeout(timer);
    clearTimeout(deadline);
  }

  /** Returns true when the job reached a final state. */
  function apply(update: StatusUpdate): boolean {
    if (finished) return true;
    if (update.status === 'ready' && update.metadata) {
      stop();
      events.onReady(update.metadata);
      return true;
    }
    if (update.status === 'error') {
      stop();
      events.onFailure({ stage: 'job', message: update.message || undefined, code: update.code, details: update.details });
      return true;
    }
    events.onProgress(update);
    return false;
  }

  async function poll(jobId: string) {
    if (finished) return;
    polls += 1;
    let update: StatusUpdate;
    try {
      update = await deps.getStatus(jobId);
    } catch (error) {
      if (!finished) {
        stop();
        events.onFailure({ stage: 'poll', error });
      }
      return;
    }
    if (apply(update)) return;
    if (polls >= MAX_POLLS) {
      stop();
      events.onFailure({ stage: 'timeout' });
      return;
    }
    timer = setTimeout(() => void poll(jobId), POLL_INTERVAL_MS);
  }

  function listen(jobId: string) {
    stream = deps.openStream(jobId);
    if (!stream) {
      void poll(jobId);
      return;
    }
    stream.onmessage = (event) => {
      const message = safeParse(deps, event.data);
      if (message?.type === 'status' && message.data) apply(message.data);
    };
    stream.onerror = () => {
      if (finished) return;
      clearTimeout(deadline);
      stream?.close();
      stream = null;
      events.onConnectionLost();
      void poll(jobId);
    };
    deadline = setTimeout(() => {
      if (finished) return;
      stop();
      events.onFailure({ stage: 'timeout' });
    }, STREAM_DEADLINE_MS);
  }

  deps.startJob(url).then(
    ({ jobId, snapshot }) => {
      if (finished) return;
      events.onJob?.(jobId);
      // A fast analysis arrives finished with the start's own answer: no stream is opened.
      if (snapshot && apply(snapshot)) return;
      listen(jobId);
    },
    (error: unknown) => {
      if (finished) return;
      stop();
      events.onFailure({ stage: 'start', error });
    },
  );

  return stop;
}

function safeParse(deps: AnalysisDeps, text: string): { type?: string; data?: StatusUpdate } | null {
  try {
    const value = deps.parse(text);
    return value && typeof value === 'object' ? (value as { type?: string; data?: StatusUpdate }) : null;
  } catch {
    return null;
  }
}
