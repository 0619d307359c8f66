import { Film, Gauge, Images, Music, ShieldCheck, Smartphone, Sparkles, Video, type IconComponent } from '@/components/ui/icons';
import { platformPage } from '@/components/public/sections/platform-mark';
import type { LandingPlatform } from '@/lib/platform-pages';

/**
 * What each platform's landing page has of its own, beside its name, colour and address: its message namespace
 * (titles, features f1…f4, FAQ q1…q4; the shared texts are under `Landing`), the icons of its four features in
 * message order, and whether it shows the table of file sizes.
 */
const OWN = {
  youtube: { namespace: 'LandingYoutube', icons: [Film, Music, Video, ShieldCheck], sizeHints: true },
  tiktok: { namespace: 'LandingTiktok', icons: [Sparkles, Images, Music, Smartphone], sizeHints: false },
  instagram: { namespace: 'LandingInstagram', icons: [Film, Images, Gauge, ShieldCheck], sizeHints: false },
  facebook: { namespace: 'LandingFacebook', icons: [Video, Film, Smartphone, ShieldCheck], sizeHints: false },
  twitter: { namespace: 'LandingTwitter', icons: [Video, Images, Gauge, ShieldCheck], sizeHints: false },
} as const satisfies Record<LandingPlatform, { namespace: string; icons: readonly IconComponent[]; sizeHints: boolean }>;

/** One platform's landing page data: everything its page is rendered from. */
export const landingOf = (platform: LandingPlatform) => ({ ...platformPage(platform), ...OWN[platform] });
export type Landing = ReturnType<typeof landingOf>;
