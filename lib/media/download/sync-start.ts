import { childBoxes, isoBoxes } from '@/lib/media/formats/iso-boxes';
import { readTrackFragment, trackDefaults } from '@/lib/media/formats/mp4-fragments';

/** sample_is_non_sync_sample in ISO-BMFF sample flags. */
const NON_SYNC = 0x00010000;

/**
 * Whether an fMP4 media segment opens on a sync sample in every track it carries (sound always does; a picture
 * when its fragment starts with a keyframe). A sample's flags are trun's first-sample or per-sample flags, else
 * tfhd's default, else trex's. Anything unreadable counts as not: the caller keeps its margin.
 */
export function opensOnSyncSample(segment: Buffer, init: Buffer): boolean {
  try {
    const moof = isoBoxes(segment).find((b) => b.type === 'moof');
    if (!moof) return false;
    const trex = trackDefaults(init);
    const trafs = childBoxes(segment, moof).filter((b) => b.type === 'traf');
    return trafs.length > 0 && trafs.every((traf) => {
      const fragment = readTrackFragment(segment, traf);
      const [run] = fragment.runs;
      if (!run?.samples.length) return false;
      const flags = run.firstSampleFlags ?? run.samples[0].flags ?? fragment.defaultFlags ?? trex.get(fragment.trackId)?.flags;
      return flags !== undefined && (flags & NON_SYNC) === 0;
    });
  } catch {
    return false;
  }
}
