import { parseIsoDuration } from '@/lib/media/formats/iso-duration';

/** What JSON-LD blocks say about the page's media, URLs still unresolved. */
export interface JsonLdFacts {
  name?: string;
  description?: string;
  thumbnail?: string;
  duration?: number;
  /** YYYY-MM-DD, from uploadDate or datePublished */
  uploadDate?: string;
  media: {
    type: 'video' | 'audio' | 'image' | 'page';
    url: string;
    width?: number;
    height?: number;
    mime?: string;
    /** Position in an ItemList: the page declares this media as one slide of a post. */
    listed?: number;
  }[];
  entries: { url: string; title?: string; thumbnail?: string }[];
}

type Json = Record<string, unknown>;

const MAX_NODES = 5000;
const MAX_DEPTH = 12;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function types(node: Json): string[] {
  const t = node['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
}

/** thumbnailUrl and friends come as a string, an array, or an ImageObject. */
export function firstUrl(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (depth > 3) return undefined;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 20)) {
      const found = firstUrl(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (isObject(value)) return firstUrl(value.contentUrl ?? value.url, depth + 1);
  return undefined;
}

function dimension(value: unknown): number | undefined {
  const raw = isObject(value) ? value.value : value;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? parseInt(raw, 10) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** Walks every JSON-LD block (arrays, @graph, nested objects), bounded in depth and node count. */
export function readJsonLd(blocks: string[]): JsonLdFacts {
  const facts: JsonLdFacts = { media: [], entries: [] };
  let visited = 0;

  const visitList = (list: Json) => {
    const elements = Array.isArray(list.itemListElement) ? list.itemListElement : [];
    elements.slice(0, 1000).forEach((element, position) => {
      const item = isObject(element) && isObject(element.item) ? element.item : element;
      if (!isObject(item)) return;
      // An element with its own page is a feed entry (analysed later, one by one); without one it is a slide.
      const page = text(item.url) ?? (isObject(element) ? text(element.url) : undefined);
      if (page && !types(item).includes('ImageObject')) {
        facts.entries.push({ url: page, title: text(item.name), thumbnail: firstUrl(item.thumbnailUrl) });
      } else visit(item, 1, position);
    });
  };

  const visit = (node: unknown, depth: number, listed?: number): void => {
    if (depth > MAX_DEPTH || ++visited > MAX_NODES) return;
    if (Array.isArray(node)) return node.forEach((child) => visit(child, depth + 1));
    if (!isObject(node)) return;
    const kinds = types(node);
    const media = kinds.includes('VideoObject') ? 'video'
      : kinds.includes('AudioObject') ? 'audio'
      : kinds.includes('ImageObject') ? 'image' : null;
    if (kinds.includes('ItemList')) visitList(node);
    if (media) {
      const url = text(node.contentUrl) ?? (media === 'image' ? text(node.url) : undefined);
      const size = { width: dimension(node.width), height: dimension(node.height), mime: text(node.encodingFormat) };
      if (url) facts.media.push({ type: media, url, ...size, ...(listed === undefined ? {} : { listed }) });
      if (media !== 'image' && text(node.embedUrl)) facts.media.push({ type: 'page', url: text(node.embedUrl)! });
      if (media !== 'image') {
        facts.name ??= text(node.name);
        facts.description ??= text(node.description);
        facts.thumbnail ??= firstUrl(node.thumbnailUrl) ?? firstUrl(node.thumbnail);
        facts.duration ??= parseIsoDuration(node.duration);
        facts.uploadDate ??= /^\d{4}-\d{2}-\d{2}/.exec(text(node.uploadDate) ?? text(node.datePublished) ?? '')?.[0];
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'itemListElement' || key === 'thumbnail' || key === 'thumbnailUrl') continue;
      if (typeof child === 'object' && child !== null) visit(child, depth + 1);
    }
  };

  for (const block of blocks) {
    try {
      visit(JSON.parse(block.trim()), 0);
    } catch {
      // A broken JSON-LD block is common on real pages; the other signals still count.
    }
  }
  return facts;
}
