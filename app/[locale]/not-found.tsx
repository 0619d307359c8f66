import { useTranslations } from 'next-intl';
import { siteFooter } from '@/components/layout/site-footer';
import { siteHeader } from '@/components/layout/site-header';
import { SkipLink } from '@/components/layout/skip-link';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';

/**
 * Any unknown page in a locale, and a page its visitor may not see (a member at the admin console): the site's own
 * header, navigation and footer around it, in the visitor's language, so the way on is where it always is.
 */
export default function NotFound() {
  const t = useTranslations('NotFound');
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      {siteHeader()}
      <main id="main" className="mx-auto flex min-h-[60vh] w-full max-w-lg flex-1 flex-col items-center justify-center gap-4 px-4 py-12 text-center">
        <p className="text-6xl font-black text-primary" aria-hidden>404</p>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-muted-foreground">{t('description')}</p>
        <Link href="/" className={buttonClasses('primary', 'md')}>
          {t('home')}
        </Link>
      </main>
      {siteFooter()}
    </div>
  );
}
