import type { ByteRange } from '@/lib/media/types';

export interface SegmentJob {
  url: string;
  range?: ByteRange;
  /** seconds, as the playlist or manifest says: which segments a cut needs */
  duration?: number;
  /**
   * AES-128 (or SAMPLE-AES when `samples`): where the key is and the IV for this segment (16 bytes). SAMPLE-AES in
   * fMP4 ('cbcs') names the init segment that describes its tracks.
   */
  aes?: { keyUrl: string; iv: Buffer; samples?: boolean; init?: InitRef };
  /** An init segment whose tracks are 'cbcs'-encrypted (SAMPLE-AES in fMP4): handed on in clear. */
  cbcsInit?: boolean;
  /** A byte range of a file, not a segment of its own: its bytes are passed on exactly as they are. */
  raw?: boolean;
}

export interface InitRef {
  url: string;
  range?: ByteRange;
}

export interface SegmentRun {
  /** init segment (EXT-X-MAP / DASH Initialization), emitted first */
  init?: SegmentJob;
  segments: SegmentJob[];
}

export interface SegmentPlan extends SegmentRun {
  /** One unfragmented file whose origin ignores Range: read it as one stream (with resume) instead. */
  wholeFile?: boolean;
  /**
   * Set when the stream has several runs whose timestamps do not continue one another (DASH periods, HLS
   * discontinuities, a gap closed, an init segment changing): each is fetched apart and stitched on one timeline.
   * `segments` then lists every run's segments, for counting.
   */
  runs?: SegmentRun[];
}
