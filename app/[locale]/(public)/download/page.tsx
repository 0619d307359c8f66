import { Info } from '@/components/ui/icons';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { headers } from 'next/headers';
import { Suspense } from 'react';
import { AnalyzeWorkspace } from '@/components/analyze/analyze-workspace';
import { AnalyzingIndicator } from '@/components/analyze/analyzing-indicator';
import { PlacedAd } from '@/components/ads/ad-placement';
import { placementOn } from '@/lib/ads/settings';
import { arrivalMayStartWork } from '@/lib/auth/page-visitor';
import { isKnownCreator, resolveCreatorVideoUrl } from '@/lib/creators/service';
import { services } from '@/lib/server';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { sharedLink } from '@/lib/share/shared-link';
import { AnalyzedOnArrival } from './analyzed-on-arrival';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Download' });
  return pageMetadata({ locale, path: '/download', title: t('metaTitle'), description: t('metaDescription') });
}

// A share sheet's fields (?url=&text=&title=, the app's share target) hold whole sentences: the link is found in them.
const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value.slice(0, 4096) : undefined);
const param = (value: string | string[] | undefined) => (typeof value === 'string' && value && value.length <= 200 ? value : undefined);

/**
 * /download?creator={slug}&video={id} (the creator page's Preview and Download): the video's link is looked up
 * on the server and analysed as if it had come in ?url=. A video we cannot find says so and leaves the box empty.
 */
async function CreatorVideoWorkspace({ slug, videoId, confirmFirst }: { slug: string; videoId: string; confirmFirst: boolean }) {
  const url = await resolveCreatorVideoUrl(slug, videoId, services()).catch((error: unknown) => {
    console.warn('[download] creator video lookup failed', slug, videoId, (error as Error)?.message);
    return undefined;
  });
  if (url) return <AnalyzeWorkspace key={url} initialUrl={url} confirmFirst={confirmFirst} notices="page" belowBar={<BelowBarAd />} />;
  const t = await getTranslations('CreatorVideoLink');
  return (
    <div className="grid gap-6">
      <div role="status" data-testid="creator-video-missing" className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
        <Info className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
        <div className="grid min-w-0 gap-1">
          <p className="font-medium">{t('missingTitle')}</p>
          <p className="text-muted-foreground">{t('missingBody')}</p>
          {isKnownCreator(slug) ? (
            <Link href={`/download/${encodeURIComponent(slug)}`} className="w-fit font-medium text-primary underline-offset-4 hover:underline">
              {t('backToCreator')}
            </Link>
          ) : null}
        </div>
      </div>
      <AnalyzeWorkspace notices="page" belowBar={<BelowBarAd />} />
    </div>
  );
}

export default async function DownloadPage({ params, searchParams }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Download');
  const query = await searchParams;
  const initialUrl = sharedLink({ url: text(query.url), text: text(query.text), title: text(query.title) });
  const slug = param(query.creator);
  const videoId = param(query.video);
  // A link another site sent here is shown with a button to analyse it: nothing starts, on the server or in the
  // browser, until the visitor asks (lib/auth/page-visitor.ts).
  const confirmFirst = !arrivalMayStartWork(await headers());
  const section = (
    <section className="mx-auto grid max-w-4xl gap-8 px-4 py-10 sm:py-14">
      <header className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('description')}</p>
      </header>
      {initialUrl === undefined && slug && videoId ? (
        // The lookup may read the creator's channel: the heading shows at once, the analysis follows.
        <Suspense key={`${slug}/${videoId}`} fallback={<AnalyzingIndicator />}>
          <CreatorVideoWorkspace slug={slug} videoId={videoId} confirmFirst={confirmFirst} />
        </Suspense>
      ) : initialUrl?.trim() && confirmFirst ? (
        <AnalyzeWorkspace key={initialUrl} initialUrl={initialUrl} confirmFirst notices="page" belowBar={<BelowBarAd />} />
      ) : initialUrl?.trim() ? (
        // The server starts the link's analysis and streams the result into the page; the bar shows meanwhile.
        // A new link in the address is a new page visit: remount so it starts by itself again.
        <Suspense key={initialUrl} fallback={<AnalyzeWorkspace initialUrl={initialUrl} waiting notices="page" belowBar={<BelowBarAd />} />}>
          <AnalyzedOnArrival url={initialUrl} belowBar={<BelowBarAd />} />
        </Suspense>
      ) : (
        <AnalyzeWorkspace key={initialUrl ?? ''} initialUrl={initialUrl} notices="page" belowBar={<BelowBarAd />} />
      )}
    </section>
  );
  if (!placementOn('sideRail')) return section;
  // The side rail stands beside the page, from 1200 px up.
  return (
    <div className="mx-auto flex max-w-[1260px] items-start justify-center gap-6">
      <div className="min-w-0 flex-1">{section}</div>
      <PlacedAd placement="sideRail" className="sticky top-20 hidden shrink-0 pt-10 min-[1200px]:block min-[1200px]:pe-4" />
    </div>
  );
}

/** The advertising slot beneath the link box: the rectangle placement. */
function BelowBarAd() {
  return <PlacedAd placement="rectangle" className="flex justify-center" />;
}
