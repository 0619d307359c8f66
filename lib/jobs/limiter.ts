/** What a runner holds of a kind right now: jobs running, and jobs waiting for a slot. */
export interface LimiterLoad {
  running: number;
  waiting: number;
}
