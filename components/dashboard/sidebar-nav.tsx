'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { ADMIN_NAV, DASHBOARD_NAV, isActive } from './nav-items';

/**
 * The section links, with the current one highlighted and marked aria-current; the admin console's link only when
 * the server says the visitor is an admin (`adminLabel`, its text).
 */
export function SidebarNav({ onNavigate, adminLabel }: { onNavigate?: () => void; adminLabel?: string }) {
  const t = useTranslations('DashboardNav');
  const pathname = usePathname();
  return (
    <nav aria-label={t('label')} className="flex flex-col gap-1">
      {[...DASHBOARD_NAV.map((item) => ({ ...item, text: t(item.label) })), ...(adminLabel ? [{ ...ADMIN_NAV, text: adminLabel }] : [])].map(({ href, label, icon: Icon, text }) => {
        const active = isActive(href, pathname);
        return (
          <Link
            key={href}
            href={href}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            data-testid={`dashboard-nav-${label}`}
            className={cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition',
              active
                ? 'bg-primary/10 text-primary'
                : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            <Icon className="h-4 w-4 shrink-0" aria-hidden />
            {text}
          </Link>
        );
      })}
    </nav>
  );
}
