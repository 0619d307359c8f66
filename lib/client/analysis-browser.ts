import { apiGet, apiPost, loadJsonParser, parseJson } from './api-client';
import { runAnalysis, type AnalysisDeps, type StartedJob, type StatusStream, type StatusUpdate } from './analysis-run';

/**
 * What runs an analysis in the browser: the API client, the status stream and the run itself. A chunk of its own,
 * fetched when the visitor first analyses (or focuses the bar), so a page that is only read never loads it.
 */
export { runAnalysis };
export { failureText } from './analysis-failure-text';

/** The job the server started for the page's own link while it rendered (see `AnalyzeWorkspace`). */
export type ServerStartedJob = StartedJob['snapshot'] & { jobId: string };

const statusPath = (jobId: string) => `/api/status/${encodeURIComponent(jobId)}`;

export const browserDeps: AnalysisDeps = {
  async startJob(url) {
    const { jobId, ...snapshot } = await apiPost<{ jobId: string } & StatusUpdate>('/api/analyze', { url });
    return { jobId, snapshot: snapshot.status ? snapshot : undefined };
  },
  getStatus: (jobId) => apiGet<StatusUpdate>(statusPath(jobId)),
  openStream(jobId) {
    if (typeof EventSource === 'undefined') return null;
    // No credentials: the job id is the capability, and a cookie-less stream is cheap to proxy.
    const source = new EventSource(statusPath(jobId));
    const stream: StatusStream = { onmessage: null, onerror: null, close: () => source.close() };
    // Events are handed on once the answer parser is here (a job the page's server started opens its stream
    // before any API call has fetched it), in the order they came; if it cannot be fetched the stream counts as
    // failed and the run falls back to asking.
    const parser = loadJsonParser();
    parser.catch((error: unknown) => {
      source.close();
      stream.onerror?.(error);
    });
    source.onmessage = (event) => void parser.then(() => stream.onmessage?.(event), () => undefined);
    source.onerror = (event) => void parser.then(() => stream.onerror?.(event), () => undefined);
    return stream;
  },
  parse: parseJson,
};

/** Follows the server's job instead of starting one: the first start answers with it, later ones start anew. */
export function followingFirst(first: ServerStartedJob): AnalysisDeps {
  let taken = false;
  return {
    ...browserDeps,
    startJob(url) {
      if (taken) return browserDeps.startJob(url);
      taken = true;
      const { jobId, ...snapshot } = first;
      return Promise.resolve({ jobId, snapshot });
    },
  };
}
