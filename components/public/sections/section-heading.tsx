import { cn } from '@/lib/cn';

/** The title block every marketing section opens with; `id` lets the section be labelled by its heading. */
export function SectionHeading({
  id,
  title,
  subtitle,
  align = 'center',
}: {
  id: string;
  title: string;
  subtitle?: string;
  align?: 'center' | 'start';
}) {
  return (
    <div className={cn('mb-8 max-w-2xl', align === 'center' ? 'mx-auto text-center' : 'text-start')}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {subtitle ? <p className="mt-2 text-pretty text-muted-foreground">{subtitle}</p> : null}
    </div>
  );
}

/** Width and vertical rhythm shared by the marketing sections. */
export function MarketingSection({
  labelledBy,
  narrow = false,
  children,
}: {
  labelledBy: string;
  /** Reading-width sections (FAQ, tables) stay narrower than card grids. */
  narrow?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={labelledBy} className={cn('mx-auto px-4 py-12 sm:py-16', narrow ? 'max-w-3xl' : 'max-w-6xl')}>
      {children}
    </section>
  );
}
