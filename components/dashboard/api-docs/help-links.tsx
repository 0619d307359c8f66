import { FileDown, Mail, MessagesSquare, type IconComponent } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Where help is, on this server's own terms: its OpenAPI document (at the address the page was reached at) and the
 * operator's SUPPORT_CONTACT (an email address or a page), when one is set. Nothing points at another site's
 * project the operator may not run.
 */
export function HelpLinks({ baseUrl, contact }: { baseUrl: string; contact?: string }) {
  const t = useTranslations('ApiDocs');
  const links: { key: 'openapi' | 'contact'; href: string; icon: IconComponent }[] = [
    { key: 'openapi', href: `${baseUrl}/api/openapi.json`, icon: FileDown },
    ...(contact ? [/^https?:/.test(contact) ? { key: 'contact' as const, href: contact, icon: MessagesSquare } : { key: 'contact' as const, href: `mailto:${contact}`, icon: Mail }] : []),
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('help.title')}</CardTitle>
        <CardDescription>{t('help.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {links.map(({ key, href, icon: Icon }) => (
          <a
            key={key}
            href={href}
            {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className={`${buttonClasses('outline', 'md')} justify-start`}
          >
            <Icon className="h-4 w-4" aria-hidden />
            {t(`help.${key}`)}
          </a>
        ))}
      </CardContent>
    </Card>
  );
}
