import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

// Internal links only through these: they keep the visitor's language.
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
