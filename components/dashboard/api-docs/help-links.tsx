import { FolderGit2, Mail, MessagesSquare, type IconComponent } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

// Where help lives. These are the product's public addresses; change them here only.
const HELP: { key: 'repository' | 'community' | 'email'; href: string; icon: IconComponent }[] = [
  { key: 'repository', href: 'https://github.com/grabline/grabline', icon: FolderGit2 },
  { key: 'community', href: 'https://github.com/grabline/grabline/discussions', icon: MessagesSquare },
  { key: 'email', href: 'mailto:support@grabline.app', icon: Mail },
];

/** Repository, community chat and support email, as buttons. */
export function HelpLinks() {
  const t = useTranslations('ApiDocs');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('help.title')}</CardTitle>
        <CardDescription>{t('help.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {HELP.map(({ key, href, icon: Icon }) => (
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
