import { getTranslations } from 'next-intl/server';
import { BrandLink } from './brand-link';
import { LogoutButton } from './logout-button';
import { SidebarNav } from './sidebar-nav';

/** The fixed sidebar from 768 px up; below that the same links live in MobileNav's sheet. */
export async function DashboardSidebar({ adminLabel }: { adminLabel?: string }) {
  const t = await getTranslations('DashboardNav');
  return (
    <aside className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col border-e bg-card/60 md:flex">
      <div className="flex h-16 items-center border-b px-4">
        <BrandLink label={t('home')} />
      </div>
      <div className="flex-1 overflow-y-auto p-3">
        <SidebarNav adminLabel={adminLabel} />
      </div>
      <div className="border-t p-3">
        <LogoutButton />
      </div>
    </aside>
  );
}
