// Zod-free: the browser's code reads the words too.

/**
 * The one status vocabulary of analyses, downloads and bulk items inside the server (their `jobs` rows, their
 * outcomes, the hooks that hear of them): queued, analysing the link, preparing the file, then ready or failed.
 * A public answer that has words of its own (an analysis's `error`, a bulk item's `pending` and `completed`, a
 * history entry's `completed`) says them where it answers; the download progress API says these.
 */
export const JOB_STATUSES = ['queued', 'analyzing', 'processing', 'ready', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** How a job ended. */
export type JobEnd = Extract<JobStatus, 'ready' | 'failed'>;

export const ACTIVE_STATUSES: readonly JobStatus[] = ['queued', 'analyzing', 'processing'];
export const ENDED_STATUSES: readonly JobStatus[] = ['ready', 'failed'];
