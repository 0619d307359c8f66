import type { IconComponent } from '@/components/ui/icons';
import { SectionHeading, MarketingSection } from './section-heading';

export interface Feature {
  icon: IconComponent;
  title: string;
  body: string;
}

export function FeatureGrid({ id, title, subtitle, features }: { id: string; title: string; subtitle?: string; features: Feature[] }) {
  return (
    <MarketingSection labelledBy={id}>
      <SectionHeading id={id} title={title} subtitle={subtitle} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ icon: Icon, title: featureTitle, body }) => (
          <li key={featureTitle} className="rounded-lg border bg-card p-5 shadow-sm">
            <span className="feature-tile">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <h3 className="font-semibold">{featureTitle}</h3>
            <p className="mt-1.5 text-sm text-muted-foreground">{body}</p>
          </li>
        ))}
      </ul>
    </MarketingSection>
  );
}
