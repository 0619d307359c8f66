import type { Listed } from './listing-types';
import type { FollowFilters } from './schemas';

/**
 * Whether an upload passes a follow's filters. Titles are compared case-insensitively. What the source did not say
 * does not filter: an upload of unknown duration passes a duration range, one not known to be live passes
 * "skip lives". A short is one the source marks as such (a YouTube link under /shorts/).
 */
export function passesFilters(upload: Listed, filters: FollowFilters): boolean {
  const title = upload.title.toLocaleLowerCase();
  if (filters.titleContains && !title.includes(filters.titleContains.toLocaleLowerCase())) return false;
  if (filters.titleExcludes && title.includes(filters.titleExcludes.toLocaleLowerCase())) return false;
  const duration = upload.durationSeconds;
  if (duration !== undefined) {
    if (filters.minSeconds !== null && duration < filters.minSeconds) return false;
    if (filters.maxSeconds !== null && duration > filters.maxSeconds) return false;
  }
  if (filters.skipShorts && upload.short) return false;
  if (filters.skipLives && upload.live) return false;
  if (filters.skipMembersOnly && upload.membersOnly) return false;
  return true;
}
