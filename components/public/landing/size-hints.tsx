import { getFormatter, getTranslations } from 'next-intl/server';
import { MarketingSection, SectionHeading } from '@/components/public/sections/section-heading';

// Approximate file sizes per 10 minutes of video, shown on the YouTube page.
const HINTS = [
  { format: 'MP4', quality: '4K', megabytes: 500 },
  { format: 'MP4', quality: '1080p', megabytes: 200 },
  { format: 'MP4', quality: '720p', megabytes: 100 },
  { format: 'MP3', quality: '320 kbps', megabytes: 8 },
  { format: 'MP3', quality: '128 kbps', megabytes: 3 },
] as const;

export async function SizeHints() {
  const t = await getTranslations('Landing.sizes');
  const format = await getFormatter();
  return (
    <MarketingSection labelledBy="sizes-title" narrow>
      <SectionHeading id="sizes-title" title={t('title')} subtitle={t('subtitle')} />
      <div className="overflow-hidden rounded-lg border bg-card shadow-sm">
        <table className="w-full text-sm" data-testid="size-hints">
          <caption className="sr-only">{t('subtitle')}</caption>
          <thead className="bg-muted/60 text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 text-start font-medium">{t('format')}</th>
              <th scope="col" className="px-4 py-3 text-start font-medium">{t('quality')}</th>
              <th scope="col" className="px-4 py-3 text-end font-medium">{t('size')}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {HINTS.map((hint) => (
              <tr key={hint.quality}>
                <td className="px-4 py-3 font-medium">{hint.format}</td>
                <td className="px-4 py-3">
                  <bdi>{hint.quality}</bdi>
                </td>
                <td className="px-4 py-3 text-end tabular-nums">
                  {t('about', { size: format.number(hint.megabytes, { style: 'unit', unit: 'megabyte' }) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </MarketingSection>
  );
}
