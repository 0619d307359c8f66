import { getFormatter } from 'next-intl/server';
import { SectionHeading, MarketingSection } from './section-heading';

export interface HowToStep {
  title: string;
  body: string;
}

/** Numbered steps in reading order, numbered in the visitor's own digits. */
export async function HowToSteps({ id, title, subtitle, steps }: { id: string; title: string; subtitle?: string; steps: HowToStep[] }) {
  const format = await getFormatter();
  return (
    <MarketingSection labelledBy={id}>
      <SectionHeading id={id} title={title} subtitle={subtitle} />
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="how-to-steps">
        {steps.map((step, index) => (
          <li key={step.title} className="relative rounded-lg border bg-card p-5 shadow-sm">
            <span
              aria-hidden
              className="step-number"
            >
              {format.number(index + 1)}
            </span>
            <h3 className="font-semibold">{step.title}</h3>
            <p className="mt-1.5 text-sm text-muted-foreground">{step.body}</p>
          </li>
        ))}
      </ol>
    </MarketingSection>
  );
}
