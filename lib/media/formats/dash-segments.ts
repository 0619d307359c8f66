import { AppError } from '@/lib/errors';
import type { Fragment } from '@/lib/media/types';
import { MAX_FRAGMENTS, countSegments, expandTimeline, fillTemplate, parseRange, type TimelineEntry } from './dash-template';
import { attr, children, first, numAttr, type XmlNode } from './dash-xml';
import { resolveUrl } from './url';

export interface SegmentContext {
  /** The resolved BaseURL of the representation. */
  base: string;
  representationId: string;
  bandwidth?: number;
  /** seconds, when known */
  periodSeconds?: number;
  /** Period, AdaptationSet, Representation: segment information inherits in that order. */
  levels: XmlNode[];
}

interface Resolved {
  initialization?: Fragment;
  fragments: Fragment[];
}

function url(ref: string | undefined, base: string): string {
  const resolved = ref === undefined ? base : resolveUrl(ref, base);
  if (!resolved) throw new AppError('upstream_failed', 'The manifest has an unusable segment URL');
  return resolved;
}

/** Attributes merged from the least to the most specific level; the child elements of the most specific. */
function merged(levels: XmlNode[], name: string): { attrs: XmlNode; nodes: XmlNode[] } | null {
  const nodes = levels.map((level) => first(level, name)).filter((n): n is XmlNode => n !== undefined);
  if (nodes.length === 0) return null;
  const attrs: XmlNode = {};
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node)) if (key.startsWith('@')) attrs[key] = value;
  }
  return { attrs, nodes };
}

function lastChild(nodes: XmlNode[], name: string): XmlNode | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const found = first(nodes[i], name);
    if (found) return found;
  }
  return undefined;
}

function fromTemplate(ctx: SegmentContext, attrs: XmlNode, nodes: XmlNode[]): Resolved {
  const media = attr(attrs, 'media');
  if (!media) throw new AppError('upstream_failed', 'The manifest has a template without media');
  const timescale = numAttr(attrs, 'timescale') ?? 1;
  const startNumber = numAttr(attrs, 'startNumber') ?? 1;
  const offset = numAttr(attrs, 'presentationTimeOffset') ?? 0;
  if (!(timescale > 0)) throw new AppError('upstream_failed', 'The manifest has an invalid timescale');
  const vars = { representationId: ctx.representationId, bandwidth: ctx.bandwidth };
  const init = attr(attrs, 'initialization');
  const initialization = init ? { url: url(fillTemplate(init, vars), ctx.base) } : undefined;

  const timeline = lastChild(nodes, 'SegmentTimeline');
  if (timeline) {
    const entries: TimelineEntry[] = children(timeline, 'S').map((s) => ({
      t: numAttr(s, 't'),
      d: numAttr(s, 'd') ?? 0,
      r: numAttr(s, 'r'),
    }));
    const end = ctx.periodSeconds !== undefined ? offset + ctx.periodSeconds * timescale : undefined;
    const fragments = expandTimeline(entries, end).map((seg, i) => ({
      url: url(fillTemplate(media, { ...vars, number: startNumber + i, time: seg.time }), ctx.base),
      duration: seg.duration / timescale,
    }));
    return { initialization, fragments };
  }
  const duration = numAttr(attrs, 'duration') ?? 0;
  const count = countSegments(ctx.periodSeconds ?? 0, duration, timescale);
  const each = duration / timescale;
  const fragments: Fragment[] = [];
  for (let i = 0; i < count; i++) {
    fragments.push({
      url: url(fillTemplate(media, { ...vars, number: startNumber + i, time: offset + i * duration }), ctx.base),
      duration: i === count - 1 ? Math.max(ctx.periodSeconds! - i * each, 0) : each,
    });
  }
  return { initialization, fragments };
}

function fromList(ctx: SegmentContext, attrs: XmlNode, nodes: XmlNode[]): Resolved {
  const timescale = numAttr(attrs, 'timescale') ?? 1;
  const duration = numAttr(attrs, 'duration');
  const each = duration !== undefined && timescale > 0 ? duration / timescale : undefined;
  const init = lastChild(nodes, 'Initialization');
  const initialization = init
    ? { url: url(attr(init, 'sourceURL'), ctx.base), range: parseRange(attr(init, 'range')) }
    : undefined;
  if (initialization && !initialization.range) delete initialization.range;
  const list = [...nodes].reverse().find((n) => children(n, 'SegmentURL').length > 0);
  const segments = children(list, 'SegmentURL');
  if (segments.length > MAX_FRAGMENTS) throw new AppError('upstream_failed', 'The manifest is too large');
  const fragments = segments.map((s) => {
    const fragment: Fragment = { url: url(attr(s, 'media'), ctx.base) };
    const range = parseRange(attr(s, 'mediaRange'));
    if (range) fragment.range = range;
    if (each !== undefined) fragment.duration = each;
    return fragment;
  });
  return { initialization, fragments };
}

/**
 * SegmentBase with `indexRange`: the file is one fMP4 whose `sidx` (at indexRange) lists its subsegments. The
 * init segment is `Initialization@range`, else every byte before the index (ftyp + moov). Both are resolved
 * into byte ranges at download; without an index the whole file is the stream.
 */
function fromBase(ctx: SegmentContext, attrs: XmlNode, nodes: XmlNode[]): Resolved {
  const whole: Fragment = { url: ctx.base };
  if (ctx.periodSeconds !== undefined) whole.duration = ctx.periodSeconds;
  const index = parseRange(attr(attrs, 'indexRange'));
  if (!index) return { fragments: [whole] };
  const init = lastChild(nodes, 'Initialization');
  const initRange = parseRange(attr(init, 'range')) ?? (index.start > 0 ? { start: 0, end: index.start - 1 } : undefined);
  const initialization = initRange ? { url: url(attr(init, 'sourceURL'), ctx.base), range: initRange } : undefined;
  return { ...(initialization ? { initialization } : {}), fragments: [{ ...whole, index }] };
}

/** The fragments of one representation: SegmentTemplate, SegmentList, SegmentBase, or the whole BaseURL as one file. */
export function resolveSegments(ctx: SegmentContext): Resolved {
  const template = merged(ctx.levels, 'SegmentTemplate');
  if (template) return fromTemplate(ctx, template.attrs, template.nodes);
  const list = merged(ctx.levels, 'SegmentList');
  if (list) return fromList(ctx, list.attrs, list.nodes);
  const base = merged(ctx.levels, 'SegmentBase');
  if (base) return fromBase(ctx, base.attrs, base.nodes);
  // A bare BaseURL: the whole file is the stream.
  const whole: Fragment = { url: ctx.base };
  if (ctx.periodSeconds !== undefined) whole.duration = ctx.periodSeconds;
  return { fragments: [whole] };
}
