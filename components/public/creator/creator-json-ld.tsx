import type { Creator } from '@/lib/creators/types';
import { localizedPath, jsonLd } from '@/lib/seo/page-metadata';
import { siteUrl } from '@/lib/seo/site-url';
import type { Locale } from '@/lib/i18n/routing';

/**
 * Structured data: the creator as a Person, each video of the reading as a VideoObject (none without a reading),
 * and Home > Downloads > creator.
 */
export function CreatorJsonLd({ creator, locale, labels }: { creator: Creator; locale: Locale; labels: { home: string; downloads: string } }) {
  const url = (path: string) => `${siteUrl()}${localizedPath(locale, path)}`;
  const page = url(`/download/${encodeURIComponent(creator.slug)}`);
  // Pictures are our own thumbnail route's paths; structured data needs them absolute.
  const image = (src: string) => (src.startsWith('/') && !src.startsWith('//') ? `${siteUrl()}${src}` : src.startsWith('http') ? src : undefined);
  const graph = [
    {
      '@type': 'Person',
      '@id': `${page}#person`,
      name: creator.name,
      description: creator.bio,
      image: creator.avatar && image(creator.avatar),
      url: page,
      sameAs: [creator.channelUrl],
    },
    ...creator.latestVideos.map((video) => ({
      '@type': 'VideoObject',
      name: video.title,
      description: video.title,
      thumbnailUrl: (video.thumbnail && image(video.thumbnail)) ?? `${siteUrl()}/og.png`,
      url: `${url('/download')}?creator=${encodeURIComponent(creator.slug)}&video=${encodeURIComponent(video.id)}`,
      creator: { '@id': `${page}#person` },
    })),
    {
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: labels.home, item: url('/') },
        { '@type': 'ListItem', position: 2, name: labels.downloads, item: url('/download') },
        { '@type': 'ListItem', position: 3, name: creator.name, item: page },
      ],
    },
  ];
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd({ '@context': 'https://schema.org', '@graph': graph }) }} />;
}
