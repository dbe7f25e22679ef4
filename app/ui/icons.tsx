// The one icon set (lucide-react), imported icon by icon so a build carries only what it shows.
// Icons are decoration: every place that shows one also says the thing in text, so <Icon> and the
// parts render them aria-hidden. Pick an icon here by what it means, not by its picture, so one
// meaning keeps one picture across the product.
import {
  Bell,
  BookOpen,
  CalendarCheck,
  CalendarDays,
  Check,
  ChevronDown,
  Circle,
  CircleCheck,
  CircleDot,
  CircleQuestionMark,
  CircleUserRound,
  CircleX,
  Cloud,
  CloudOff,
  FileText,
  FlaskConical,
  FolderOpen,
  GraduationCap,
  House,
  IdCard,
  Inbox,
  Info,
  Link2,
  LoaderCircle,
  LogOut,
  Menu,
  MessagesSquare,
  Moon,
  Pencil,
  Plus,
  Presentation,
  RefreshCw,
  RotateCcw,
  School,
  Search,
  Settings,
  ShieldCheck,
  Sun,
  Trash,
  TriangleExclamationPoint,
  UsersRound,
  X,
  type LucideIcon,
} from 'lucide-react';
import type { Area } from '~/domain/areas';
import type { BadgeTone } from '~/settings/skin';

export type { LucideIcon };

/** The picture of each dashboard area, for the navigation and the areas' headings. */
export const AREA_ICONS: Record<Area, LucideIcon> = {
  home: House,
  students: GraduationCap,
  families: UsersRound,
  facilitators: Presentation,
  attendance: CalendarCheck,
  calendar: CalendarDays,
  messages: MessagesSquare,
  notifications: Bell,
  parentInquiries: Inbox,
  resources: FolderOpen,
  school: School,
  members: IdCard,
  roles: ShieldCheck,
  profile: CircleUserRound,
  settings: Settings,
};

/** A navigation entry for a page that belongs to no area. */
export const NAV_ICON: LucideIcon = CircleDot;

/** What a button or link does. */
export const ACTION_ICONS = {
  menu: Menu,
  close: X,
  lightMode: Sun,
  darkMode: Moon,
  help: CircleQuestionMark,
  signOut: LogOut,
  sync: RefreshCw,
  retry: RotateCcw,
  discard: Trash,
  add: Plus,
  edit: Pencil,
  search: Search,
  expand: ChevronDown,
  chosen: Check,
  demo: FlaskConical,
} satisfies Record<string, LucideIcon>;

/** The kinds of library resources (issue 14): a web link, or a file kept in Storage. */
export const RESOURCE_ICONS = { link: Link2, file: FileText } satisfies Record<string, LucideIcon>;

/** A status beside its words (a status is never told by colour alone). */
export const STATUS_ICONS: Record<BadgeTone, LucideIcon> = {
  neutral: Circle,
  info: Info,
  success: CircleCheck,
  warning: TriangleExclamationPoint,
  danger: CircleX,
};

/** Connection states of the sync control. */
export const CONNECTION_ICONS = { online: Cloud, offline: CloudOff } satisfies Record<
  string,
  LucideIcon
>;

/** The product's mark in the header. */
export const BRAND_ICON: LucideIcon = BookOpen;

/** A spinning circle for work under way; the words beside it say what is happening. */
export const BUSY_ICON: LucideIcon = LoaderCircle;

/** Renders an icon as decoration: hidden from assistive technology, sized by the text around it. */
export function Icon({
  icon: Glyph,
  className = 'size-5',
}: {
  icon: LucideIcon;
  className?: string;
}) {
  return <Glyph aria-hidden="true" focusable="false" className={`shrink-0 ${className}`} />;
}
