// The app's icons: Lucide's drawings (https://lucide.dev), each drawn by a `<use>` of one symbol in one
// sprite file (icon-sprite.svg, made from the names below by `npx tsx scripts/icon-sprite.ts`), not as
// lucide-react's inline SVG: a card of the listings page drew seven icons in about 3 KB of markup and
// 30 elements, rendered on the server for every page and hydrated in the browser (issue 28; decision
// 0055). The sprite is one immutable file the browser keeps; the components keep lucide-react's names.
//
// An icon is decorative (aria-hidden) unless it is given a label or a role. Its size comes from its
// classes (`size-4`), 24 px without; its stroke and fill from `.icon` (index.css), which utilities
// such as `fill-amber-400` override.
import type { JSX, SVGProps } from 'react';
import sprite from './icon-sprite.svg?no-inline';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;
export type IconComponent = (props: IconProps) => JSX.Element;

function icon(id: string): IconComponent {
  const href = `${sprite}#${id}`;
  function Icon({ className, ...props }: IconProps) {
    const labelled = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined || props.role !== undefined;
    return (
      <svg
        width="24"
        height="24"
        aria-hidden={labelled ? undefined : 'true'}
        {...props}
        className={className ? `icon ${className}` : 'icon'}
      >
        <use href={href} />
      </svg>
    );
  }
  Icon.displayName = `Icon(${id})`;
  return Icon;
}

export const AlertCircle = icon('circle-alert');
export const ArrowDown = icon('arrow-down');
export const ArrowLeft = icon('arrow-left');
export const Award = icon('award');
export const BadgeCheck = icon('badge-check');
export const Bath = icon('bath');
export const BedDouble = icon('bed-double');
export const Bell = icon('bell');
export const BellPlus = icon('bell-plus');
export const BellRing = icon('bell-ring');
export const Building2 = icon('building-2');
export const CalendarClock = icon('calendar-clock');
export const CalendarDays = icon('calendar-days');
export const CalendarPlus = icon('calendar-plus');
export const Check = icon('check');
export const ChevronDown = icon('chevron-down');
export const ChevronLeft = icon('chevron-left');
export const ChevronRight = icon('chevron-right');
export const CircleUserRound = icon('circle-user-round');
export const ClipboardList = icon('clipboard-list');
export const Clock = icon('clock');
export const Columns3 = icon('columns-3');
export const Copy = icon('copy');
export const DollarSign = icon('dollar-sign');
export const Expand = icon('expand');
export const Eye = icon('eye');
export const EyeOff = icon('eye-off');
export const Flag = icon('flag');
export const Globe = icon('globe');
export const Heart = icon('heart');
export const HeartOff = icon('heart-off');
export const Home = icon('house');
export const ImageOff = icon('image-off');
export const ImagePlus = icon('image-plus');
export const Images = icon('images');
export const Info = icon('info');
export const List = icon('list');
export const LoaderCircle = icon('loader-circle');
export const LogIn = icon('log-in');
export const LogOut = icon('log-out');
export const Mail = icon('mail');
export const MapIcon = icon('map');
export const MapPin = icon('map-pin');
export const MapPinOff = icon('map-pin-off');
export const MessageSquare = icon('message-square');
export const MessageSquareReply = icon('message-square-reply');
export const MessageSquareText = icon('message-square-text');
export const MessagesSquare = icon('messages-square');
export const MoreVertical = icon('ellipsis-vertical');
export const Navigation = icon('navigation');
export const PenLine = icon('pen-line');
export const Pencil = icon('pencil');
export const Percent = icon('percent');
export const Phone = icon('phone');
export const Plus = icon('plus');
export const Power = icon('power');
export const PowerOff = icon('power-off');
export const RotateCw = icon('rotate-cw');
export const Ruler = icon('ruler');
export const Save = icon('save');
export const Search = icon('search');
export const SearchX = icon('search-x');
export const Send = icon('send');
export const SendHorizontal = icon('send-horizontal');
export const ShieldCheck = icon('shield-check');
export const SlidersHorizontal = icon('sliders-horizontal');
export const Sparkles = icon('sparkles');
export const SquarePlus = icon('square-plus');
export const Star = icon('star');
export const ThumbsUp = icon('thumbs-up');
export const TrainFront = icon('train-front');
export const Trash2 = icon('trash-2');
export const TrendingDown = icon('trending-down');
export const TrendingUp = icon('trending-up');
export const X = icon('x');
