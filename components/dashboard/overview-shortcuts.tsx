import { ArrowRight } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { Link } from '@/lib/i18n/navigation';
import { DASHBOARD_NAV } from './nav-items';

/** Cards leading to the other sections, so the overview is useful before it has figures. */
export function OverviewShortcuts() {
  const t = useTranslations('Dashboard');
  const nav = useTranslations('DashboardNav');
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {DASHBOARD_NAV.filter((item) => item.href !== '/dashboard').map(({ href, label, icon: Icon }) => (
        <Link key={href} href={href} className="group rounded-lg">
          <Card className="flex h-full items-start gap-4 p-5 transition group-hover:border-primary/50 group-hover:shadow-md">
            <span className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-secondary text-secondary-foreground">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <span className="min-w-0 flex-1 space-y-1">
              <span className="flex items-center gap-1 font-semibold">
                {nav(label)}
                <ArrowRight className="h-4 w-4 opacity-0 transition group-hover:opacity-100 rtl:rotate-180" aria-hidden />
              </span>
              <span className="block text-sm text-muted-foreground">{t(`shortcut.${label}`)}</span>
            </span>
          </Card>
        </Link>
      ))}
    </div>
  );
}
