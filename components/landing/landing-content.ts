import {
  Film,
  Gauge,
  Images,
  Music,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Video,
  type IconComponent,
} from '@/components/ui/icons';
import type { LandingPlatform } from '@/lib/platform-pages';

/** Each landing page's own message namespace (titles, features, FAQ), beside the shared `Landing` one. */
export const LANDING_NAMESPACE = {
  youtube: 'LandingYoutube',
  tiktok: 'LandingTiktok',
  instagram: 'LandingInstagram',
  facebook: 'LandingFacebook',
  twitter: 'LandingTwitter',
} as const satisfies Record<LandingPlatform, string>;

/** Icons for features f1…f4 of each page, in message order. */
export const LANDING_FEATURE_ICONS: Record<LandingPlatform, [IconComponent, IconComponent, IconComponent, IconComponent]> = {
  youtube: [Film, Music, Video, ShieldCheck],
  tiktok: [Sparkles, Images, Music, Smartphone],
  instagram: [Film, Images, Gauge, ShieldCheck],
  facebook: [Video, Film, Smartphone, ShieldCheck],
  twitter: [Video, Images, Gauge, ShieldCheck],
};

export const FEATURE_NUMBERS = [1, 2, 3, 4] as const;
export const FAQ_NUMBERS = [1, 2, 3, 4] as const;
