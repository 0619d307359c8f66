import { getLocale, getTranslations } from 'next-intl/server';
import { getPathname } from '@/lib/i18n/navigation';
import { MarketingSection, SectionHeading } from '@/components/public/sections/section-heading';
import { BookmarkletLink } from './bookmarklet-link';

/** "Drag to your bookmarks bar": one click on any page then opens Grabline with that page's link. */
export async function HomeBookmarklet() {
  const t = await getTranslations('Home.bookmarklet');
  const downloadPath = getPathname({ href: '/download', locale: await getLocale() });
  return (
    <MarketingSection labelledBy="bookmarklet-title" narrow>
      <SectionHeading id="bookmarklet-title" title={t('title')} subtitle={t('subtitle')} />
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-6 text-center shadow-sm">
        <BookmarkletLink label={t('link')} downloadPath={downloadPath} />
        <p className="max-w-md text-sm text-muted-foreground">
          {t.rich('hint', {
            // A shortcut reads left to right in every language; isolated, it keeps its order inside Arabic text.
            key: (keys) => (
              <kbd dir="ltr" className="rounded border bg-muted px-1 font-mono text-xs">
                {keys}
              </kbd>
            ),
          })}
        </p>
      </div>
    </MarketingSection>
  );
}
