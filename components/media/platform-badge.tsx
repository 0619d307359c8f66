import { Badge } from '@/components/ui/badge';
import { platformColor, platformLabel } from '@/lib/platform-labels';

/**
 * The platform's name on its brand colour (the same as the table that recognises the links), darkened by a fifth:
 * white 12 px text on YouTube's pure red or TikTok's pink is under 4.5:1, on the darkened colour above 5:1.
 */
export function PlatformBadge({ platform, otherLabel }: { platform: string; otherLabel: string }) {
  const color = platformColor(platform);
  return (
    <Badge
      data-testid="result-platform"
      data-platform={platform}
      className="border-transparent text-white shadow-sm"
      style={{ backgroundColor: `color-mix(in srgb, ${color} 80%, black)` }}
    >
      {platformLabel(platform) ?? otherLabel}
    </Badge>
  );
}
