import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { PLATFORM_PAGES } from '@/lib/platform-pages';

export async function SiteFooter() {
  const t = await getTranslations('Footer');
  const year = new Date().getFullYear();
  return (
    <footer className="mt-20 border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div className="space-y-2">
          <p className="text-lg font-bold">Grabline</p>
          <p className="text-sm text-muted-foreground">{t('tagline')}</p>
        </div>
        <nav aria-label={t('platforms')} className="space-y-2 text-sm">
          <p className="font-semibold">{t('platforms')}</p>
          <ul className="space-y-1.5">
            {PLATFORM_PAGES.map((page) => (
              <li key={page.platform}>
                <Link href={page.path} prefetch={false} className="text-muted-foreground hover:text-foreground">
                  {t('downloader', { platform: page.label })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('product')} className="space-y-2 text-sm">
          <p className="font-semibold">{t('product')}</p>
          <ul className="space-y-1.5">
            <li><Link href="/download" prefetch={false} className="text-muted-foreground hover:text-foreground">{t('download')}</Link></li>
            <li><Link href="/bulk" prefetch={false} className="text-muted-foreground hover:text-foreground">{t('bulk')}</Link></li>
            <li><Link href="/dashboard/api" prefetch={false} className="text-muted-foreground hover:text-foreground">{t('api')}</Link></li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground">{t('copyright', { year })}</p>
      </div>
    </footer>
  );
}

/** The footer as one element per request (as the header: sent once when a page and its not-found page both draw it). */
export const siteFooter = cache(() => <SiteFooter />);
