'use client';

import { deferMenu } from '@/components/ui/deferred-menu';
import { LanguageButton } from './language-button';

/** The header's language menu (language-menu.tsx), its code fetched when the visitor reaches for it. */
export const LanguageSwitcher = deferMenu(() => import('./language-menu'), LanguageButton);
