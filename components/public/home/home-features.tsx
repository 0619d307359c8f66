import { Gauge, Layers, ListChecks, ShieldCheck } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { FeatureGrid } from '@/components/public/sections/feature-grid';

/** The four selling points (privacy, speed, platforms, bulk), privacy first. */
export async function HomeFeatures() {
  const t = await getTranslations('Home.features');
  return (
    <FeatureGrid
      id="features-title"
      title={t('title')}
      subtitle={t('subtitle')}
      features={[
        { icon: ShieldCheck, title: t('privacyTitle'), body: t('privacyBody') },
        { icon: Gauge, title: t('speedTitle'), body: t('speedBody') },
        { icon: Layers, title: t('platformsTitle'), body: t('platformsBody') },
        { icon: ListChecks, title: t('bulkTitle'), body: t('bulkBody') },
      ]}
    />
  );
}
