import { UserX } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';

/** An unknown creator: Creator Not Found and a Go Back Home button (answered with 404). */
export default function CreatorNotFound() {
  const t = useTranslations('Creator');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <UserX className="h-14 w-14 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-bold">{t('notFoundTitle')}</h1>
      <p className="text-muted-foreground">{t('notFoundDescription')}</p>
      <Link href="/" data-testid="creator-go-home" className={buttonClasses('primary', 'md')}>
        {t('goHome')}
      </Link>
    </section>
  );
}
