import { getTranslations } from 'next-intl/server';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { BrandLink } from './brand-link';
import { MobileNav } from './mobile-nav';
import { NotificationBellData } from './notification-bell';
import { UserAvatar } from './user-avatar';

/** Top bar: menu (mobile), language, theme, the signed-in user's notifications and avatar (`email`: whose). */
export async function DashboardTopbar({ adminLabel, email }: { adminLabel?: string; email?: string }) {
  const t = await getTranslations('DashboardNav');
  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b bg-background/85 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <MobileNav adminLabel={adminLabel} />
      <div className="md:hidden">
        <BrandLink label={t('home')} />
      </div>
      <div className="ms-auto flex items-center gap-1">
        <LanguageSwitcher />
        <ThemeToggle />
        <NotificationBellData />
        <span className="ms-1">
          <UserAvatar email={email} label={t('account')} />
        </span>
      </div>
    </header>
  );
}
