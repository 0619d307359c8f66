/** One upload as a creator's feed or listing gives it; fields a source does not give stay undefined. */
export interface Listed {
  mediaId: string;
  title: string;
  url: string;
  publishedAt?: number;
  durationSeconds?: number;
  /** A YouTube Short, a vertical clip under a minute and a half (known from its link or its duration). */
  short?: boolean;
  /** A live stream, an upcoming one or the recording of one. */
  live?: boolean;
  /** Only the channel's paying members may watch it. */
  membersOnly?: boolean;
}
