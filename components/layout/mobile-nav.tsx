'use client';

import { deferMenu } from '@/components/ui/deferred-menu';
import { MobileNavButton } from './mobile-nav-button';

/** The folded header menu (mobile-nav-menu.tsx), its code fetched when the visitor reaches for it. */
export const MobileNav = deferMenu(() => import('./mobile-nav-menu'), MobileNavButton);
