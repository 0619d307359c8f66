import { Package } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const SDKS = ['JavaScript/Node.js', 'Python', 'PHP', 'Go'] as const;

/** Official client libraries: none yet, all marked Coming Soon. */
export function SdkList() {
  const t = useTranslations('ApiDocs');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('sdks.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {SDKS.map((sdk) => (
            // In the narrow side column a long name and the badge may not share a line: the badge then wraps below.
            <li key={sdk} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
              <span className="flex min-w-0 items-center gap-2 font-medium">
                <Package className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
                <span dir="ltr" className="min-w-0 break-words">{sdk}</span>
              </span>
              <Badge className="shrink-0 whitespace-nowrap bg-muted text-muted-foreground">{t('sdks.comingSoon')}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
