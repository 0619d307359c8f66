import 'server-only';
import { LOCALES, routing, type Locale } from '@/lib/i18n/routing';
import type { PresetDraft } from './preset-store';
import type { PresetOptions } from './schemas';

const BASE: PresetOptions = { quality: 'best', format: 'mp4', audioBitrate: '320k', subs: null, embedMetadata: true, exact: false, loudness: 'off' };

/** The starter set every user is given once, keyed by its names' message keys (messages/*.json, Presets.starters). */
const STARTERS = [
  { key: 'best', options: { ...BASE } },
  { key: 'p1080', options: { ...BASE, quality: '1080p' } },
  { key: 'p720', options: { ...BASE, quality: '720p' } },
  { key: 'mp3', options: { ...BASE, format: 'mp3' } },
  { key: 'm4a', options: { ...BASE, format: 'm4a' } },
] as const satisfies ReadonlyArray<{ key: string; options: PresetOptions }>;

export type StarterKey = (typeof STARTERS)[number]['key'];

type StarterNames = Record<StarterKey, string>;

async function namesIn(locale: Locale): Promise<StarterNames> {
  const messages = (await import(`../../messages/${locale}.json`)) as { default: { Presets: { starters: StarterNames } } };
  return messages.default.Presets.starters;
}

/** The starter presets named in `locale` (an unknown locale names them in the default language). */
export async function starterDrafts(locale: string): Promise<PresetDraft[]> {
  const known = LOCALES.find((candidate) => candidate === locale) ?? routing.defaultLocale;
  const names = await namesIn(known);
  return STARTERS.map(({ key, options }) => ({ name: names[key], options: { ...options } }));
}
