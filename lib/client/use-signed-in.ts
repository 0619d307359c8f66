'use client';

import { useSyncExternalStore } from 'react';
import { hasSignedInHint } from '@/lib/auth/signed-in-hint';

const noSubscription = () => () => {};

/**
 * Whether this browser holds a session: public pages are static, so the hint cookie tells (false while rendering on
 * the server).
 */
export const useSignedIn = () => useSyncExternalStore(noSubscription, () => hasSignedInHint(document.cookie), () => false);
