import { getTranslations, setRequestLocale } from 'next-intl/server';
import { headers } from 'next/headers';
import { Suspense } from 'react';
import { CodeExamples } from '@/components/dashboard/api-docs/code-examples';
import { EndpointList } from '@/components/dashboard/api-docs/endpoint-list';
import { EngineVersion } from '@/components/dashboard/api-docs/engine-version';
import { GettingStarted } from '@/components/dashboard/api-docs/getting-started';
import { HelpLinks } from '@/components/dashboard/api-docs/help-links';
import { WebhookSignatures } from '@/components/dashboard/api-docs/webhook-signatures';
import { PageHeading } from '@/components/dashboard/page-heading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { config } from '@/lib/config';
import { LOCALE_INFO } from '@/lib/i18n/locale-info';
import { engineStatus } from '@/lib/media/ytdlp/engine-status';
import type { Locale } from '@/lib/i18n/routing';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { services } from '@/lib/server';
import { originFor } from '@/lib/seo/site-url';
import { ClientMessages } from '@/components/i18n/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'ApiDocs' });
  return pageMetadata({ locale, path: '/dashboard/api', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
}

export default async function ApiDocsPage({ params }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('ApiDocs');
  // The origin the reader reached us at when SITE_URL is unset, so examples run as copied.
  const baseUrl = originFor(await headers());
  // The very document GET /api/openapi.json serves: endpoints and code examples are read from it, never written twice.
  const doc = buildOpenApiDocument(baseUrl);
  // The tabs write their own dir attribute; the page's direction is passed explicitly.
  const dir = LOCALE_INFO[locale].dir;
  return (
    <ClientMessages area="apiDocs">
      <div className="space-y-8">
        <PageHeading title={t('title')} description={t('description')} />
        {/* The engine's probe may take a moment the first time: the rest of the page does not wait for it. */}
        <Suspense fallback={null}>
          <EngineVersion version={engineStatus(services().engine.pool).then((status) => status.version, () => null)} />
        </Suspense>
        <GettingStarted baseUrl={baseUrl} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <Tabs defaultValue="endpoints" dir={dir} className="min-w-0">
            <TabsList>
              <TabsTrigger value="endpoints" data-testid="api-tab-endpoints">{t('tabs.endpoints')}</TabsTrigger>
              <TabsTrigger value="examples" data-testid="api-tab-examples">{t('tabs.examples')}</TabsTrigger>
            </TabsList>
            <TabsContent value="endpoints">
              <EndpointList doc={doc} />
            </TabsContent>
            <TabsContent value="examples">
              <CodeExamples doc={doc} dir={dir} />
            </TabsContent>
          </Tabs>
          <aside className="space-y-6">
            <HelpLinks baseUrl={baseUrl} contact={config().env.SUPPORT_CONTACT} />
          </aside>
        </div>
        <WebhookSignatures />
      </div>
    </ClientMessages>
  );
}
