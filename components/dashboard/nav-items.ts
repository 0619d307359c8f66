import { BookOpen, Download, History, Layers, LayoutDashboard, Settings, ShieldCheck, type IconComponent } from '@/components/ui/icons';

/**
 * The dashboard's sections, after the two tools (one link, one list of links) the account is for; `label` is a key
 * of the DashboardNav namespace.
 */
export const DASHBOARD_NAV: readonly { href: string; label: 'download' | 'bulk' | 'overview' | 'history' | 'api' | 'settings'; icon: IconComponent }[] = [
  { href: '/download', label: 'download', icon: Download },
  { href: '/bulk', label: 'bulk', icon: Layers },
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
