'use client';

import { deferMenu } from '@/components/ui/deferred-menu';
import { ThemeButton } from './theme-button';

/** The theme menu (theme-menu.tsx), its code fetched when the visitor reaches for it. */
export const ThemeToggle = deferMenu(() => import('./theme-menu'), ThemeButton);
