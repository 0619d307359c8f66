'use client';

import { Menu, X } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LogoutButton } from './logout-button';
import { SidebarNav } from './sidebar-nav';

/** Under 768 px the sidebar folds into a sheet that drops from the top bar. */
export function MobileNav({ adminLabel }: { adminLabel?: string }) {
  const t = useTranslations('DashboardNav');
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="md:hidden">
      <Button
        variant="ghost"
        size="icon"
        aria-expanded={open}
        aria-controls="dashboard-mobile-nav"
        onClick={() => setOpen((value) => !value)}
        data-testid="dashboard-menu"
      >
        {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
        <span className="sr-only">{open ? t('closeMenu') : t('openMenu')}</span>
      </Button>
      {open && (
        <>
          <div className="fixed inset-0 top-16 z-30 bg-background/60 backdrop-blur-sm" onClick={() => setOpen(false)} aria-hidden />
          <div
            id="dashboard-mobile-nav"
            ref={panelRef}
            className="fixed inset-x-0 top-16 z-40 space-y-3 border-b bg-card p-4 shadow-lg"
          >
            <SidebarNav adminLabel={adminLabel} onNavigate={() => setOpen(false)} />
            <div className="border-t pt-3">
              <LogoutButton />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
