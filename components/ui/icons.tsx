import type { ReactElement, SVGProps } from 'react';
import { ICON_SPRITE_URL } from './icon-sprite-url';

/**
 * The interface's icons: lucide's drawings, each a `<use>` of one cached sprite (public/icons.svg), so a page
 * carries a short reference per icon instead of its paths — and the same reference in the payload React hydrates
 * from. Plain components with no state: they render the same from a Server Component and in the browser.
 * Adding one: export it below under lucide's name, then run `node scripts/icon-sprite.mjs` (the unit tests fail
 * while the committed sprite does not match this list).
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'ref'>;
export type IconComponent = (props: IconProps) => ReactElement;

function spriteIcon(name: string): IconComponent {
  function SpriteIcon({ className, ...rest }: IconProps) {
    // Decorative unless the caller names it.
    const named = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined;
    return (
      <svg className={className ? `icon ${className}` : 'icon'} aria-hidden={named ? undefined : true} {...rest}>
        <use href={`${ICON_SPRITE_URL}#${name}`} />
      </svg>
    );
  }
  SpriteIcon.displayName = name;
  return SpriteIcon;
}

export const Activity = spriteIcon('activity');
export const AlertCircle = spriteIcon('circle-exclamation-point');
export const AlertTriangle = spriteIcon('triangle-exclamation-point');
export const Archive = spriteIcon('archive');
export const ArrowLeft = spriteIcon('arrow-left');
export const ArrowRight = spriteIcon('arrow-right');
export const AtSign = spriteIcon('at-sign');
export const BadgeCheck = spriteIcon('badge-check');
export const Bell = spriteIcon('bell');
export const BellOff = spriteIcon('bell-off');
export const BookOpen = spriteIcon('book-open');
export const Bookmark = spriteIcon('bookmark');
export const CalendarDays = spriteIcon('calendar-days');
export const Camera = spriteIcon('camera');
export const Captions = spriteIcon('captions');
export const Check = spriteIcon('check');
export const CheckCircle2 = spriteIcon('circle-check');
export const ChevronDown = spriteIcon('chevron-down');
export const ChevronLeft = spriteIcon('chevron-left');
export const ChevronRight = spriteIcon('chevron-right');
export const ClipboardPaste = spriteIcon('clipboard-paste');
export const Clock = spriteIcon('clock');
export const Copy = spriteIcon('copy');
export const Database = spriteIcon('database');
export const Download = spriteIcon('download');
export const ExternalLink = spriteIcon('external-link');
export const Eye = spriteIcon('eye');
export const EyeOff = spriteIcon('eye-off');
export const FileArchive = spriteIcon('file-archive');
export const FileDown = spriteIcon('file-down');
export const Film = spriteIcon('film');
export const FolderGit2 = spriteIcon('folder-git-2');
export const Gauge = spriteIcon('gauge');
export const Globe = spriteIcon('globe');
export const HardDrive = spriteIcon('hard-drive');
export const History = spriteIcon('rotate-ccw-clock');
export const ImageOff = spriteIcon('image-off');
export const Images = spriteIcon('images');
export const Info = spriteIcon('info');
export const KeyRound = spriteIcon('key-round');
export const Languages = spriteIcon('languages');
export const Laptop = spriteIcon('laptop');
export const Layers = spriteIcon('layers');
export const LayoutDashboard = spriteIcon('layout-dashboard');
export const Link2 = spriteIcon('link-2');
export const ListChecks = spriteIcon('list-checks');
export const ListVideo = spriteIcon('list-video');
export const Loader2 = spriteIcon('loader-circle');
export const LogIn = spriteIcon('log-in');
export const LogOut = spriteIcon('log-out');
export const Mail = spriteIcon('mail');
export const Menu = spriteIcon('menu');
export const MessagesSquare = spriteIcon('messages-square');
export const Moon = spriteIcon('moon');
export const Music = spriteIcon('eighth-notes');
export const Music2 = spriteIcon('eighth-note');
export const Package = spriteIcon('package');
export const Pause = spriteIcon('pause');
export const Play = spriteIcon('play');
export const Plus = spriteIcon('plus');
export const RefreshCw = spriteIcon('refresh-cw');
export const RotateCcw = spriteIcon('rotate-ccw');
export const Scissors = spriteIcon('scissors');
export const Search = spriteIcon('search');
export const Server = spriteIcon('server');
export const Settings = spriteIcon('settings');
export const Settings2 = spriteIcon('settings-2');
export const Shield = spriteIcon('shield');
export const ShieldCheck = spriteIcon('shield-check');
export const Smartphone = spriteIcon('smartphone');
export const Sparkles = spriteIcon('sparkles');
export const SquarePlay = spriteIcon('square-play');
export const Sun = spriteIcon('sun');
export const ThumbsUp = spriteIcon('thumbs-up');
export const Timer = spriteIcon('timer');
export const Trash2 = spriteIcon('trash');
export const User = spriteIcon('user');
export const UserX = spriteIcon('user-x');
export const Video = spriteIcon('video');
export const VideoOff = spriteIcon('video-off');
export const X = spriteIcon('x');
export const XCircle = spriteIcon('circle-x');
export const Zap = spriteIcon('zap');
