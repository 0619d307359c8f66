import { useTranslations } from 'next-intl';

/** The first stop for keyboard users: hidden until focused, it jumps past the header to the page's <main id="main">. */
export function SkipLink() {
  const t = useTranslations('Common');
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[100] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground focus:shadow-lg"
    >
      {t('skipToContent')}
    </a>
  );
}
