import { Badge } from '@/components/ui/badge';
import { PLATFORM_PAGES } from '@/lib/platform-pages';

/** A platform's name on its brand colour (SPEC §9: badge colours depend on the platform); unknown ones stay neutral. */
export function PlatformBadge({ platform }: { platform: string }) {
  const known = PLATFORM_PAGES.find((page) => page.platform === platform.toLowerCase());
  if (!known) return <Badge className="bg-card/90 capitalize backdrop-blur">{platform}</Badge>;
  return (
    <Badge className="border-transparent text-white shadow-sm" style={{ backgroundColor: known.color }}>
      {known.label}
    </Badge>
  );
}
