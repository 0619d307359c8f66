/** The header's page links, shared by the desktop bar and the mobile menu. Labels are Header.* message keys. */
export const SITE_NAV_LINKS = [
  { href: '/download', label: 'download' },
  { href: '/bulk', label: 'bulk' },
  { href: '/dashboard', label: 'dashboard' },
] as const;
