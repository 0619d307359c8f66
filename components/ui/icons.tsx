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

// Pure: an icon no browser code uses is dropped from the bundle along with its unused export.
export const Activity = /* @__PURE__ */ spriteIcon('activity');
export const AlertCircle = /* @__PURE__ */ spriteIcon('circle-exclamation-point');
export const AlertTriangle = /* @__PURE__ */ spriteIcon('triangle-exclamation-point');
export const Archive = /* @__PURE__ */ spriteIcon('archive');
export const ArrowLeft = /* @__PURE__ */ spriteIcon('arrow-left');
export const ArrowRight = /* @__PURE__ */ spriteIcon('arrow-right');
export const AtSign = /* @__PURE__ */ spriteIcon('at-sign');
export const BadgeCheck = /* @__PURE__ */ spriteIcon('badge-check');
export const Bell = /* @__PURE__ */ spriteIcon('bell');
export const BellOff = /* @__PURE__ */ spriteIcon('bell-off');
export const BookOpen = /* @__PURE__ */ spriteIcon('book-open');
export const Bookmark = /* @__PURE__ */ spriteIcon('bookmark');
export const CalendarDays = /* @__PURE__ */ spriteIcon('calendar-days');
export const Camera = /* @__PURE__ */ spriteIcon('camera');
export const Captions = /* @__PURE__ */ spriteIcon('captions');
export const Check = /* @__PURE__ */ spriteIcon('check');
export const CheckCircle2 = /* @__PURE__ */ spriteIcon('circle-check');
export const ChevronDown = /* @__PURE__ */ spriteIcon('chevron-down');
export const ChevronLeft = /* @__PURE__ */ spriteIcon('chevron-left');
export const ChevronRight = /* @__PURE__ */ spriteIcon('chevron-right');
export const ClipboardPaste = /* @__PURE__ */ spriteIcon('clipboard-paste');
export const Clock = /* @__PURE__ */ spriteIcon('clock');
export const Copy = /* @__PURE__ */ spriteIcon('copy');
export const Database = /* @__PURE__ */ spriteIcon('database');
export const Download = /* @__PURE__ */ spriteIcon('download');
export const ExternalLink = /* @__PURE__ */ spriteIcon('external-link');
export const Eye = /* @__PURE__ */ spriteIcon('eye');
export const EyeOff = /* @__PURE__ */ spriteIcon('eye-off');
export const FileArchive = /* @__PURE__ */ spriteIcon('file-archive');
export const FileDown = /* @__PURE__ */ spriteIcon('file-down');
export const Film = /* @__PURE__ */ spriteIcon('film');
export const FolderGit2 = /* @__PURE__ */ spriteIcon('folder-git-2');
export const Gauge = /* @__PURE__ */ spriteIcon('gauge');
export const Globe = /* @__PURE__ */ spriteIcon('globe');
export const HardDrive = /* @__PURE__ */ spriteIcon('hard-drive');
export const History = /* @__PURE__ */ spriteIcon('rotate-ccw-clock');
export const ImageOff = /* @__PURE__ */ spriteIcon('image-off');
export const Images = /* @__PURE__ */ spriteIcon('images');
export const Info = /* @__PURE__ */ spriteIcon('info');
export const KeyRound = /* @__PURE__ */ spriteIcon('key-round');
export const Languages = /* @__PURE__ */ spriteIcon('languages');
export const Laptop = /* @__PURE__ */ spriteIcon('laptop');
export const Layers = /* @__PURE__ */ spriteIcon('layers');
export const LayoutDashboard = /* @__PURE__ */ spriteIcon('layout-dashboard');
export const Link2 = /* @__PURE__ */ spriteIcon('link-2');
export const ListChecks = /* @__PURE__ */ spriteIcon('list-checks');
export const ListVideo = /* @__PURE__ */ spriteIcon('list-video');
export const Loader2 = /* @__PURE__ */ spriteIcon('loader-circle');
export const LogIn = /* @__PURE__ */ spriteIcon('log-in');
export const LogOut = /* @__PURE__ */ spriteIcon('log-out');
export const Mail = /* @__PURE__ */ spriteIcon('mail');
export const Menu = /* @__PURE__ */ spriteIcon('menu');
export const MessagesSquare = /* @__PURE__ */ spriteIcon('messages-square');
export const Moon = /* @__PURE__ */ spriteIcon('moon');
export const Music = /* @__PURE__ */ spriteIcon('eighth-notes');
export const Music2 = /* @__PURE__ */ spriteIcon('eighth-note');
export const Package = /* @__PURE__ */ spriteIcon('package');
export const Pause = /* @__PURE__ */ spriteIcon('pause');
export const Play = /* @__PURE__ */ spriteIcon('play');
export const Plus = /* @__PURE__ */ spriteIcon('plus');
export const RefreshCw = /* @__PURE__ */ spriteIcon('refresh-cw');
export const RotateCcw = /* @__PURE__ */ spriteIcon('rotate-ccw');
export const Scissors = /* @__PURE__ */ spriteIcon('scissors');
export const Search = /* @__PURE__ */ spriteIcon('search');
export const Server = /* @__PURE__ */ spriteIcon('server');
export const Settings = /* @__PURE__ */ spriteIcon('settings');
export const Settings2 = /* @__PURE__ */ spriteIcon('settings-2');
export const Shield = /* @__PURE__ */ spriteIcon('shield');
export const ShieldCheck = /* @__PURE__ */ spriteIcon('shield-check');
export const Smartphone = /* @__PURE__ */ spriteIcon('smartphone');
export const Sparkles = /* @__PURE__ */ spriteIcon('sparkles');
export const SquarePlay = /* @__PURE__ */ spriteIcon('square-play');
export const Sun = /* @__PURE__ */ spriteIcon('sun');
export const ThumbsUp = /* @__PURE__ */ spriteIcon('thumbs-up');
export const Timer = /* @__PURE__ */ spriteIcon('timer');
export const Trash2 = /* @__PURE__ */ spriteIcon('trash');
export const User = /* @__PURE__ */ spriteIcon('user');
export const UserX = /* @__PURE__ */ spriteIcon('user-x');
export const Video = /* @__PURE__ */ spriteIcon('video');
export const VideoOff = /* @__PURE__ */ spriteIcon('video-off');
export const X = /* @__PURE__ */ spriteIcon('x');
export const XCircle = /* @__PURE__ */ spriteIcon('circle-x');
export const Zap = /* @__PURE__ */ spriteIcon('zap');
