import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { DashboardSidebar } from '@/components/dashboard/dashboard-sidebar';
import { DashboardTopbar } from '@/components/dashboard/dashboard-topbar';
import { verifyAccessToken } from '@/lib/auth/access-token';
import { ACCESS_COOKIE } from '@/lib/auth/cookies';

// The signed-in shell. The proxy has already checked (and if needed renewed) the session cookie; reading it
// again here only gives the avatar its initials. Notifications are fed in once they exist.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const token = (await cookies()).get(ACCESS_COOKIE)?.value;
  const user = token ? await verifyAccessToken(token) : null;
  return (
    <div className="flex min-h-screen bg-muted/30">
      <DashboardSidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardTopbar email={user?.email} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
          {children}
        </main>
      </div>
    </div>
  );
}
