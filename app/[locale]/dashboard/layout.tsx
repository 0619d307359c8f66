import type { ReactNode } from 'react';
import { DashboardSidebar } from '@/components/dashboard/dashboard-sidebar';
import { DashboardTopbar } from '@/components/dashboard/dashboard-topbar';
import { ClientMessages } from '@/components/i18n/client-messages';
import { SkipLink } from '@/components/layout/skip-link';

// The signed-in shell. The proxy has already checked (and if needed renewed) the session cookie; the top bar's
// avatar and bell read the user's own data from the API, which checks the session again.
export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages area="dashboard">
      <div className="flex min-h-screen bg-muted/30">
        <SkipLink />
        <DashboardSidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <DashboardTopbar />
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
            {children}
          </main>
        </div>
      </div>
    </ClientMessages>
  );
}
