import { Download } from '@/components/ui/icons';
import { Link } from '@/lib/i18n/navigation';

/** Logo mark + product name, leading home. */
export function BrandLink({ label }: { label: string }) {
  return (
    <Link href="/" aria-label={label} className="flex items-center gap-2.5 rounded-md">
      <span className="grid h-9 w-9 place-items-center rounded-lg bg-gradient-to-br from-primary to-accent text-primary-foreground shadow-sm">
        <Download className="h-5 w-5" aria-hidden />
      </span>
      <span className="text-lg font-bold tracking-tight">Grabline</span>
    </Link>
  );
}
