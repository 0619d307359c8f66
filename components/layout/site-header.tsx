import { Download } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { Link } from '@/lib/i18n/navigation';
import { AccountLink } from './account-link';
import { LanguageSwitcher } from './language-switcher';
import { MobileNav } from './mobile-nav';
import { SITE_NAV_LINKS } from './site-nav-links';

export async function SiteHeader() {
  const t = await getTranslations('Header');
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        {/* Named by what it shows ("Grabline media downloader") plus where it goes: a spoken name must contain the visible one. */}
        {/* The site-wide links are not prefetched (here, the footer, the account link): on a slow network the page's own
            requests — its analysis, its pictures — must not queue behind other pages'; a click fetches the page. */}
        <Link href="/" prefetch={false} className="flex items-center gap-2.5">
          <span className="grid h-9 w-9 place-items-center rounded-lg bg-gradient-to-br from-primary to-accent text-primary-foreground shadow-sm">
            <Download className="h-5 w-5" aria-hidden />
          </span>
          <span className="flex flex-col leading-tight">
            <span className="text-lg font-bold tracking-tight">Grabline</span>
            <span className="text-xs text-muted-foreground">{t('subtitle')}</span>
          </span>
          <span className="sr-only"> {t('home')}</span>
        </Link>
        <nav className="ms-6 hidden items-center gap-1 text-sm md:flex" aria-label={t('navigation')}>
          {SITE_NAV_LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              prefetch={false}
              className="rounded-md px-3 py-2 text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              {t(link.label)}
            </Link>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <LanguageSwitcher />
          <ThemeToggle />
          <MobileNav />
          <AccountLink signInLabel={t('signIn')} accountLabel={t('myAccount')} />
        </div>
      </div>
    </header>
  );
}

/**
 * The header as one element per request: a public page and the not-found page every page carries (should it be
 * shown) draw the same object, so the page's data sends it once and refers to it the second time.
 */
export const siteHeader = cache(() => <SiteHeader />);
