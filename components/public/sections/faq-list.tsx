import { ChevronDown } from '@/components/ui/icons';
import { SectionHeading, MarketingSection } from './section-heading';

export interface FaqItem {
  question: string;
  answer: string;
}

/** Native <details>: keyboard and screen-reader support for free, and it works before hydration. */
export function FaqList({ id, title, items }: { id: string; title: string; items: FaqItem[] }) {
  return (
    <MarketingSection labelledBy={id} narrow>
      <SectionHeading id={id} title={title} />
      <div className="divide-y rounded-lg border bg-card shadow-sm">
        {items.map((item, index) => (
          <details key={item.question} className="group" data-testid={`faq-item-${index + 1}`}>
            <summary className="faq-summary">
              <span>{item.question}</span>
              <ChevronDown
                className="h-5 w-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <p className="px-5 pb-5 text-muted-foreground">{item.answer}</p>
          </details>
        ))}
      </div>
    </MarketingSection>
  );
}

/** schema.org FAQPage for the same items, so search engines see exactly what the visitor reads. */
export function faqJsonLd(items: FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
