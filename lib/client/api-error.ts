/** What an API call that failed throws: the server's code and details, so the UI can say it in the visitor's language. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The server's error code (invalid_url, rate_limited…); absent when the answer was not our JSON envelope. */
  readonly code?: string;
  /** What the server adds that a visitor can act on (`retryAt`, `limit`…), when it adds anything. */
  readonly details?: Record<string, unknown>;

  /** True when the reply carried no message of ours (a proxy's HTML page, an empty 502…). */
  readonly unreadable: boolean;

  constructor(message: string | null, init: { status: number; statusText: string; code?: string; details?: Record<string, unknown> }) {
    super(message ?? serverErrorText(init.status, init.statusText));
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code;
    this.details = init.details;
    this.unreadable = message === null;
  }
}

export function serverErrorText(status: number, statusText: string): string {
  return `Server error: ${status} ${statusText}`;
}
