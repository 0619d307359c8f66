import type { ReactNode } from 'react';
import { DashboardSidebar } from '@/components/dashboard/dashboard-sidebar';
import { DashboardTopbar } from '@/components/dashboard/dashboard-topbar';
import { ClientMessages } from '@/components/i18n/client-messages';
import { SkipLink } from '@/components/layout/skip-link';
import { getTranslations } from 'next-intl/server';
import { visitorAccount } from '@/lib/auth/page-role';
import { services } from '@/lib/server';

// The signed-in shell. The proxy has already checked (and if needed renewed) the session cookie; the avatar is
// drawn from the account read here, the bell reads the user's notifications from the API, which checks the session
// again. The admin console's link is drawn for admins only, its label translated here so nobody else's page carries it.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const account = await visitorAccount(() => services().db());
  const adminLabel = account?.role === 'admin' ? (await getTranslations('Admin'))('nav') : undefined;
  return (
    <ClientMessages area="dashboard">
      <div className="flex min-h-screen bg-muted/30">
        <SkipLink />
        <DashboardSidebar adminLabel={adminLabel} />
        <div className="flex min-w-0 flex-1 flex-col">
          <DashboardTopbar adminLabel={adminLabel} email={account?.email} />
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
            {children}
          </main>
        </div>
      </div>
    </ClientMessages>
  );
}
