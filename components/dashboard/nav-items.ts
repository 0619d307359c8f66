import { BookOpen, History, LayoutDashboard, Settings, ShieldCheck, type IconComponent } from '@/components/ui/icons';

/** The dashboard's sections; `label` is a key of the DashboardNav namespace. */
export const DASHBOARD_NAV: readonly { href: string; label: 'overview' | 'history' | 'api' | 'settings'; icon: IconComponent }[] = [
  { href: '/dashboard', label: 'overview', icon: LayoutDashboard },
  { href: '/dashboard/history', label: 'history', icon: History },
  { href: '/dashboard/api', label: 'api', icon: BookOpen },
  { href: '/dashboard/settings', label: 'settings', icon: Settings },
];

/** The admin console's link, drawn for admins only (its text comes from the server). */
export const ADMIN_NAV = { href: '/dashboard/admin', label: 'admin', icon: ShieldCheck } as const;

/** The overview is only active on itself; the others also on anything beneath them. */
export function isActive(href: string, pathname: string): boolean {
  return href === '/dashboard' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}
