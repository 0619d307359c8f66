/**
 * Finished media playlists an analysis has just read, kept for a minute in this process: a download started
 * right after (the usual order: analyse, pick, download) plans its segments from that reading instead of asking
 * the origin again — one round trip less before the first segment, which is most of what a short clip costs.
 * Segment links may be signed and short-lived, so a reading older than a minute is never used, and a playlist
 * still being written (no #EXT-X-ENDLIST) is never kept. Bounded: the oldest readings go first past 16 MB.
 */
const MAX_AGE_MS = 60_000;
const MAX_BYTES = 16 * 1024 * 1024;

interface Reading {
  text: string;
  /** Where the text was read from in the end (after redirects): its relative links resolve against it. */
  url: string;
  at: number;
}

const readings = new Map<string, Reading>();
let bytes = 0;

function forget(key: string): void {
  const reading = readings.get(key);
  if (!reading) return;
  bytes -= reading.text.length;
  readings.delete(key);
}

/** Keeps a finished media playlist read at `requested` (call only for one whose #EXT-X-ENDLIST was seen). */
export function keepPlaylist(requested: string, fetched: { text: string; url: string }, now = Date.now()): void {
  if (fetched.text.length > MAX_BYTES / 4) return;
  forget(requested);
  readings.set(requested, { text: fetched.text, url: fetched.url, at: now });
  bytes += fetched.text.length;
  for (const key of readings.keys()) {
    if (bytes <= MAX_BYTES) break;
    forget(key);
  }
}

/** The reading of `url` if one was kept less than a minute ago. */
export function recentPlaylist(url: string, now = Date.now()): { text: string; url: string } | undefined {
  const reading = readings.get(url);
  if (!reading) return undefined;
  if (now - reading.at > MAX_AGE_MS) {
    forget(url);
    return undefined;
  }
  return { text: reading.text, url: reading.url };
}

/** Tests: starts with nothing kept. */
export function forgetPlaylists(): void {
  readings.clear();
  bytes = 0;
}
