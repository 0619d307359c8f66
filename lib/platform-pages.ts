/**
 * The five platform landing pages. Kept apart from the engine's platform table so that pages can import it
 * without the recogniser; the recogniser's definitions carry the same slugs.
 */
export const PLATFORM_PAGES = [
  { platform: 'youtube', label: 'YouTube', path: '/youtube-downloader', color: '#FF0000' },
  { platform: 'tiktok', label: 'TikTok', path: '/tiktok-downloader', color: '#111111' },
  { platform: 'instagram', label: 'Instagram', path: '/instagram-downloader', color: '#E1306C' },
  { platform: 'facebook', label: 'Facebook', path: '/facebook-downloader', color: '#1877F2' },
  { platform: 'twitter', label: 'Twitter/X', path: '/twitter-downloader', color: '#1D9BF0' },
] as const;

export type LandingPlatform = (typeof PLATFORM_PAGES)[number]['platform'];
