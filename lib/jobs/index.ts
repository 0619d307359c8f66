export { statusEventStream } from './status-stream';
export type { EnqueueAnalysisOptions, JobQueue, JobSnapshot, JobStatus } from './types';
