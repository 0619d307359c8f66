import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';

export default function NotFound() {
  const t = useTranslations('NotFound');
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-black text-primary">404</p>
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted-foreground">{t('description')}</p>
      <Link href="/" className={buttonClasses('primary', 'md')}>
        {t('home')}
      </Link>
    </main>
  );
}
