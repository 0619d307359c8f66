import { ArrowLeft, Download } from '@/components/ui/icons';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Link } from '@/lib/i18n/navigation';

/** The standalone account card: logo mark, title, form, a footer line, and a way back home. */
export function AuthCard({
  title,
  description,
  homeLabel,
  backLabel,
  footer,
  children,
}: {
  title: string;
  description: string;
  /** accessible name of the logo link */
  homeLabel: string;
  /** visible "back to home" text */
  backLabel: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="w-full max-w-md">
      <Link href="/" aria-label={homeLabel} className="mx-auto mb-6 flex w-fit items-center gap-2.5">
        <span className="grid h-11 w-11 place-items-center rounded-xl bg-gradient-to-br from-primary to-accent text-primary-foreground shadow-md">
          <Download className="h-6 w-6" aria-hidden />
        </span>
        <span className="text-2xl font-bold tracking-tight">Grabline</span>
      </Link>
      <Card className="shadow-lg">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer && <CardFooter className="justify-center border-t pt-6 text-sm text-muted-foreground">{footer}</CardFooter>}
      </Card>
      <Link
        href="/"
        className="mx-auto mt-6 flex w-fit items-center gap-1.5 rounded-md px-2 py-1 text-sm text-muted-foreground hover:text-foreground"
      >
        {/* The arrow points "back", which is rightwards in right-to-left pages. */}
        <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden />
        {backLabel}
      </Link>
    </div>
  );
}
