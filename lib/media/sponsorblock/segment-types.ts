import type { SponsorCategory } from './categories';

/** One stretch SponsorBlock's users marked, in seconds of the video. */
export interface SponsorSegment {
  category: SponsorCategory;
  start: number;
  end: number;
}
