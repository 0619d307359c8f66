import { Link2, ListVideo } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { AnalyzeWorkspace } from '@/components/analyze/analyze-workspace';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LazyBulkDownload } from './lazy-bulk';

/** The home page's tabbed area: both tabs work in place, the same parts as /download and /bulk. */
export async function HomeTools() {
  const t = await getTranslations('Download');
  return (
    <section id="home-tools" aria-labelledby="home-tools-title" className="mx-auto grid max-w-4xl gap-4 px-4 pt-6 pb-12 sm:pt-10">
      <h2 id="home-tools-title" className="sr-only">
        {t('toolsTitle')}
      </h2>
      <Tabs defaultValue="single" className="grid gap-2">
        {/* Two equal halves that may wrap their labels: the French labels side by side are wider than a phone. */}
        <TabsList className="grid! w-full max-w-md grid-cols-2 justify-self-center">
          <TabsTrigger value="single" data-testid="tab-single" className="min-w-0 whitespace-normal! text-center">
            <Link2 className="h-4 w-4" aria-hidden />
            {t('tabSingle')}
          </TabsTrigger>
          <TabsTrigger value="bulk" data-testid="tab-bulk" className="min-w-0 whitespace-normal! text-center">
            <ListVideo className="h-4 w-4" aria-hidden />
            {t('tabBulk')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="single">
          <AnalyzeWorkspace notices="bar" />
        </TabsContent>
        <TabsContent value="bulk">
          <LazyBulkDownload />
        </TabsContent>
      </Tabs>
    </section>
  );
}
