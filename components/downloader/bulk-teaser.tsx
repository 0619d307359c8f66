import { ArrowRight, ListVideo } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Link } from '@/lib/i18n/navigation';

/** The Bulk Download tab: what bulk does and the way to the full queue on /bulk. */
export async function BulkTeaser() {
  const t = await getTranslations('Download');
  return (
    <Card className="flex flex-col items-center gap-4 p-8 text-center" data-testid="bulk-teaser">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <ListVideo className="h-6 w-6" aria-hidden />
      </span>
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{t('bulkTitle')}</h3>
        <p className="max-w-md text-sm text-muted-foreground">{t('bulkBody')}</p>
      </div>
      <Link href="/bulk" className={buttonClasses('primary', 'lg')} data-testid="bulk-open">
        {t('bulkOpen')}
        <ArrowRight className="h-4 w-4 rtl:rotate-180" aria-hidden />
      </Link>
    </Card>
  );
}
