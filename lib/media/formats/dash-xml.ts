import { XMLParser } from 'fast-xml-parser';
import { AppError } from '@/lib/errors';

/** An element as fast-xml-parser gives it: attributes under "@name", child elements always as arrays. */
export type XmlNode = Record<string, unknown>;

const MAX_XML = 8 * 1024 * 1024;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  isArray: (_name, _jpath, _isLeaf, isAttribute) => !isAttribute,
  processEntities: true,
});

/** Parses MPD XML into its root element; anything that is not an MPD is upstream_failed. */
export function parseMpdXml(xml: string): XmlNode {
  if (xml.length > MAX_XML) throw new AppError('upstream_failed', 'The manifest is too large');
  // Manifests never declare entities; refusing them rules out entity-expansion bombs outright.
  if (/<!ENTITY/i.test(xml)) throw new AppError('upstream_failed', 'Not a DASH manifest');
  let doc: XmlNode;
  try {
    doc = parser.parse(xml) as XmlNode;
  } catch {
    throw new AppError('upstream_failed', 'Not a DASH manifest');
  }
  const root = children(doc, 'MPD')[0];
  if (!root) throw new AppError('upstream_failed', 'Not a DASH manifest');
  return root;
}

export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  if (!Array.isArray(value)) return [];
  return value.map((item) => (item !== null && typeof item === 'object' ? (item as XmlNode) : { '#text': item }));
}

export function first(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@${name}`];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

export function numAttr(node: XmlNode | undefined, name: string): number | undefined {
  const value = attr(node, name);
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function text(node: XmlNode | undefined): string | undefined {
  const value = node?.['#text'];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}
