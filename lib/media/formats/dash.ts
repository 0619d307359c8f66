import { AppError } from '@/lib/errors';
import type { Fragment } from '@/lib/media/types';
import { drmProtected as drm } from './bytes';
import { resolveSegments, type SegmentContext } from './dash-segments';
import { attr, children, first, numAttr, parseMpdXml, text, type XmlNode } from './dash-xml';
import { parseIsoDuration } from './iso-duration';
import { resolveUrl } from './url';

export interface DashRepresentation {
  id: string;
  contentType: 'video' | 'audio';
  mimeType?: string;
  codecs?: string;
  /** bit/s */
  bandwidth?: number;
  width?: number;
  height?: number;
  fps?: number;
  lang?: string;
  /** Below 0 for an alternate track (Role alternate, commentary, dub, description…). */
  preference?: number;
  initialization?: Fragment;
  fragments: Fragment[];
  /** Each period's init and fragments, when there are several periods. */
  periods: { initialization?: Fragment; fragments: Fragment[] }[];
  /** Every period's codecs, in order: periods may change codec and container. */
  periodCodecs: (string | undefined)[];
  /** seconds */
  duration?: number;
}

/** A text track (WebVTT, TTML), kept for subtitles: never an offer of its own. */
export interface DashTextTrack {
  id: string;
  lang?: string;
  /** The set's (or representation's) Label element. */
  label?: string;
  mimeType?: string;
  codecs?: string;
  initialization?: Fragment;
  fragments: Fragment[];
}

export interface DashManifest {
  /** type="dynamic": the caller refuses it; no segments are resolved. */
  live: boolean;
  duration?: number;
  representations: DashRepresentation[];
  /** Text tracks of the first period. */
  texts: DashTextTrack[];
}

const MAX_REPRESENTATIONS = 200;

function withBase(node: XmlNode, base: string): string {
  const ref = text(first(node, 'BaseURL'));
  if (ref === undefined) return base;
  const url = resolveUrl(ref, base);
  if (!url) throw new AppError('upstream_failed', 'The manifest has an unusable BaseURL');
  return url;
}

function parseFrameRate(value: string | undefined): number | undefined {
  const match = value ? /^(\d+)(?:\/(\d+))?$/.exec(value.trim()) : null;
  if (!match) return undefined;
  const fps = Number(match[1]) / Number(match[2] ?? 1);
  return Number.isFinite(fps) && fps > 0 ? Math.round(fps * 1000) / 1000 : undefined;
}

function kindOf(set: XmlNode, rep: XmlNode): 'video' | 'audio' | null {
  const declared = attr(set, 'contentType') ?? attr(rep, 'mimeType') ?? attr(set, 'mimeType') ?? '';
  if (/^video/.test(declared)) return 'video';
  if (/^audio/.test(declared)) return 'audio';
  const codecs = attr(rep, 'codecs') ?? attr(set, 'codecs') ?? '';
  if (/^(avc|hvc|hev|vp0?[89]|av01)/.test(codecs)) return 'video';
  if (/^(mp4a|opus|vorbis|ac-3|ec-3|flac)/.test(codecs)) return 'audio';
  return null;
}

const TRICK_MODE = 'http://dashif.org/guidelines/trickmode';

/** Trick-play sets (fast-forward pictures) are never offered as video. */
function isTrickPlay(set: XmlNode): boolean {
  return [...children(set, 'EssentialProperty'), ...children(set, 'SupplementalProperty')]
    .some((p) => attr(p, 'schemeIdUri') === TRICK_MODE);
}

/** Role main, or none: the track that plays by default. Any other role (commentary, dub, alternate…) is ranked after it. */
function roleRank(set: XmlNode): number {
  const roles = children(set, 'Role').map((r) => (attr(r, 'value') ?? '').toLowerCase());
  return roles.length === 0 || roles.includes('main') ? 0 : -1;
}

function isText(set: XmlNode, rep: XmlNode): boolean {
  const declared = attr(set, 'contentType') ?? attr(rep, 'mimeType') ?? attr(set, 'mimeType') ?? '';
  const codecs = attr(rep, 'codecs') ?? attr(set, 'codecs') ?? '';
  return /^text/.test(declared) || /^application\/ttml\+xml/.test(declared) || /^(stpp|wvtt)/.test(codecs);
}

function periodTimes(periods: XmlNode[], total: number | undefined): (number | undefined)[] {
  const starts: (number | undefined)[] = [];
  const lengths: (number | undefined)[] = [];
  periods.forEach((period, i) => {
    const prev = i === 0 ? 0 : starts[i - 1] !== undefined && lengths[i - 1] !== undefined ? starts[i - 1]! + lengths[i - 1]! : undefined;
    starts.push(parseIsoDuration(attr(period, 'start')) ?? prev);
    lengths.push(parseIsoDuration(attr(period, 'duration')));
  });
  return periods.map((_, i) => {
    if (lengths[i] !== undefined) return lengths[i];
    const start = starts[i];
    const end = i + 1 < periods.length ? parseIsoDuration(attr(periods[i + 1], 'start')) : total;
    return start !== undefined && end !== undefined && end > start ? end - start : undefined;
  });
}

/** Parses an MPD into downloadable representations, fragments resolved. Pure: nothing is fetched. */
export function parseMpd(xml: string, mpdUrl: string): DashManifest {
  const mpd = parseMpdXml(xml);
  if (attr(mpd, 'type') === 'dynamic') return { live: true, representations: [], texts: [] };
  const total = parseIsoDuration(attr(mpd, 'mediaPresentationDuration'));
  const mpdBase = withBase(mpd, mpdUrl);
  const periods = children(mpd, 'Period');
  const lengths = periodTimes(periods, total);

  const byKey = new Map<string, DashRepresentation>();
  const ordered: DashRepresentation[] = [];
  const texts: DashTextTrack[] = [];
  periods.forEach((period, p) => {
    const periodBase = withBase(period, mpdBase);
    const seen: Record<string, number> = {};
    for (const set of children(period, 'AdaptationSet')) {
      if (children(set, 'ContentProtection').length) throw drm();
      if (isTrickPlay(set)) continue;
      const setBase = withBase(set, periodBase);
      for (const rep of children(set, 'Representation')) {
        const kind = kindOf(set, rep);
        if (!kind) {
          if (p === 0 && isText(set, rep) && texts.length < MAX_REPRESENTATIONS) {
            const base = withBase(rep, setBase);
            const id = attr(rep, 'id') ?? `text${texts.length}`;
            const segments = resolveSegments({ base, representationId: id, bandwidth: numAttr(rep, 'bandwidth'), periodSeconds: lengths[p], levels: [period, set, rep] });
            texts.push({
              id,
              lang: attr(set, 'lang') ?? attr(rep, 'lang'),
              label: text(first(rep, 'Label')) ?? text(first(set, 'Label')),
              mimeType: attr(rep, 'mimeType') ?? attr(set, 'mimeType'),
              codecs: attr(rep, 'codecs') ?? attr(set, 'codecs'),
              ...segments,
            });
          }
          continue;
        }
        if (children(rep, 'ContentProtection').length) throw drm();
        const id = attr(rep, 'id') ?? `${kind}${ordered.length}`;
        const ordinal = `${kind}#${(seen[kind] = (seen[kind] ?? -1) + 1)}`;
        const ctx: SegmentContext = {
          base: withBase(rep, setBase),
          representationId: id,
          bandwidth: numAttr(rep, 'bandwidth'),
          periodSeconds: lengths[p],
          levels: [period, set, rep],
        };
        const { initialization, fragments } = resolveSegments(ctx);
        const existing = p === 0 ? undefined : byKey.get(`id:${id}`) ?? byKey.get(ordinal);
        if (existing) {
          existing.fragments.push(...fragments);
          existing.periods.push({ ...(initialization ? { initialization } : {}), fragments });
          existing.periodCodecs.push(attr(rep, 'codecs') ?? attr(set, 'codecs'));
          existing.duration =
            sumDurations(existing.fragments) ??
            (existing.duration !== undefined && lengths[p] !== undefined ? existing.duration + lengths[p]! : existing.duration);
          continue;
        }
        if (p > 0 || ordered.length >= MAX_REPRESENTATIONS) continue;
        const entry: DashRepresentation = {
          id,
          contentType: kind,
          mimeType: attr(rep, 'mimeType') ?? attr(set, 'mimeType'),
          codecs: attr(rep, 'codecs') ?? attr(set, 'codecs'),
          bandwidth: numAttr(rep, 'bandwidth'),
          width: numAttr(rep, 'width') ?? numAttr(set, 'width'),
          height: numAttr(rep, 'height') ?? numAttr(set, 'height'),
          fps: parseFrameRate(attr(rep, 'frameRate') ?? attr(set, 'frameRate')),
          lang: attr(set, 'lang') ?? attr(rep, 'lang'),
          ...(roleRank(set) < 0 ? { preference: roleRank(set) } : {}),
          initialization,
          fragments,
          // A copy: `fragments` grows with later periods, the first period's list must not.
          periods: [{ ...(initialization ? { initialization } : {}), fragments: [...fragments] }],
          periodCodecs: [attr(rep, 'codecs') ?? attr(set, 'codecs')],
          duration: sumDurations(fragments) ?? lengths[p],
        };
        byKey.set(`id:${id}`, entry);
        byKey.set(ordinal, entry);
        ordered.push(entry);
      }
    }
  });
  if (ordered.length === 0) throw new AppError('no_media', 'No downloadable media found at this link');
  const duration = total ?? ordered.reduce<number | undefined>((max, r) => Math.max(max ?? 0, r.duration ?? 0), undefined);
  return { live: false, duration, representations: ordered, texts };
}

function sumDurations(fragments: Fragment[]): number | undefined {
  if (!fragments.every((f) => f.duration !== undefined)) return undefined;
  return Math.round(fragments.reduce((sum, f) => sum + (f.duration ?? 0), 0) * 1000) / 1000;
}
