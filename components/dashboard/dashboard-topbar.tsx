import { getTranslations } from 'next-intl/server';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { BrandLink } from './brand-link';
import { MobileNav } from './mobile-nav';
import { NotificationBell, type DashboardNotification } from './notification-bell';
import { UserAvatar } from './user-avatar';

/** Top bar: menu (mobile), theme, language, notifications, avatar. Data arrives as props once accounts exist. */
export async function DashboardTopbar({
  email,
  notifications = [],
}: {
  email?: string | null;
  notifications?: DashboardNotification[];
}) {
  const t = await getTranslations('DashboardNav');
  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b bg-background/85 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <MobileNav />
      <div className="md:hidden">
        <BrandLink label={t('home')} />
      </div>
      <div className="ms-auto flex items-center gap-1">
        <LanguageSwitcher />
        <ThemeToggle />
        <NotificationBell notifications={notifications} />
        <span className="ms-1">
          <UserAvatar email={email} label={t('account')} />
        </span>
      </div>
    </header>
  );
}
