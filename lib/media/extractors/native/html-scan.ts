import { Parser } from 'htmlparser2';
import { capText, TEXT_CAPS } from '@/lib/media/text-caps';

/** The raw facts one pass over a page collects; html.ts turns them into candidates. */
export interface PageScan {
  /** meta property/name → content, in document order (og:video:* are ordered structures). */
  meta: [string, string][];
  title?: string;
  jsonLd: string[];
  /** <video>/<audio> elements with their <source> children. */
  players: { tag: 'video' | 'audio'; src?: string; poster?: string; sources: { src: string; type?: string }[] }[];
}

/**
 * Real pages put their media signals in the first few hundred KB; the cap also bounds htmlparser2's superlinear
 * cost on adversarial pages of thousands of unclosed nested elements (~1.5 s at this size).
 */
export const MAX_HTML = 2 * 1024 * 1024;
/**
 * htmlparser2 keeps open elements in an array it unshifts into, so thousands of unclosed nested elements cost
 * quadratic time (a 2 MB page of `<div>` takes minutes). Real pages nest a few dozen deep; past this we stop.
 */
const MAX_DEPTH = 1024;
const MAX_JSON_LD = 1024 * 1024;
const MAX_ITEMS = 500;

/** One streaming pass with htmlparser2: no DOM is built, so a huge page costs only its collected facts. */
export function scanPage(html: string): PageScan {
  const scan: PageScan = { meta: [], jsonLd: [], players: [] };
  let inTitle = false;
  let titleText = '';
  let jsonLd: string | null = null;
  let player: PageScan['players'][number] | null = null;
  let depth = 0;
  const tooDeep = new Error('too deep');

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        // Void elements get their close callback at once, so this counts the parser's open-element stack.
        if (++depth > MAX_DEPTH) throw tooDeep;
        if (name === 'meta') {
          const key = (attribs.property ?? attribs.name ?? attribs.itemprop ?? '').trim().toLowerCase();
          if (key && attribs.content !== undefined && scan.meta.length < MAX_ITEMS) {
            // The longest text a meta tag may carry is a description; a longer URL is refused when resolved anyway.
            scan.meta.push([key, capText(attribs.content.trim(), TEXT_CAPS.description)]);
          }
        } else if (name === 'title' && scan.title === undefined && !player) {
          inTitle = true;
        } else if (name === 'script' && /^application\/ld\+json$/i.test((attribs.type ?? '').trim())) {
          jsonLd = '';
        } else if ((name === 'video' || name === 'audio') && scan.players.length < MAX_ITEMS) {
          player = { tag: name, src: attribs.src, poster: attribs.poster, sources: [] };
          scan.players.push(player);
        } else if (name === 'source' && player && attribs.src && player.sources.length < MAX_ITEMS) {
          player.sources.push({ src: attribs.src, type: attribs.type });
        }
      },
      ontext(data) {
        if (inTitle && titleText.length < 4096) titleText += data;
        if (jsonLd !== null && jsonLd.length < MAX_JSON_LD) jsonLd += data;
      },
      onclosetag(name) {
        depth--;
        if (name === 'title' && inTitle) {
          inTitle = false;
          scan.title = titleText.replace(/\s+/g, ' ').trim();
        } else if (name === 'script' && jsonLd !== null) {
          if (scan.jsonLd.length < 50) scan.jsonLd.push(jsonLd);
          jsonLd = null;
        } else if (name === 'video' || name === 'audio') {
          player = null;
        }
      },
    },
    { decodeEntities: true },
  );
  try {
    parser.write(html.length > MAX_HTML ? html.slice(0, MAX_HTML) : html);
    parser.end();
  } catch (error) {
    // What was read before the nesting went absurd still counts.
    if (error !== tooDeep) throw error;
  }
  return scan;
}
