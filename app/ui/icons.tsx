// The one icon set (lucide-react), imported icon by icon so a build carries only what it shows.
// Icons are decoration: every place that shows one also says the thing in text, so <Icon> and the
// parts render them aria-hidden. Pick an icon here by what it means, not by its picture, so one
// meaning keeps one picture across the product.
import {
  Bell,
  BookOpen,
  CalendarCheck,
  CalendarDays,
  CalendarX,
  Check,
  ChevronDown,
  CircleDot,
  CircleUserRound,
  Cloud,
  CloudOff,
  FileText,
  FolderOpen,
  GraduationCap,
  House,
  IdCard,
  Inbox,
  Link2,
  LogOut,
  Menu,
  MessagesSquare,
  Moon,
  Pencil,
  Plus,
  Presentation,
  RefreshCw,
  School,
  Search,
  Settings,
  ShieldCheck,
  Sun,
  Trash,
  UsersRound,
} from 'lucide-react';
import type { Area } from '~/domain/areas';
import {
  BUSY_ICON,
  CLOSE_ICON,
  DEMO_ICON,
  HELP_ICON,
  Icon,
  RETRY_ICON,
  STATUS_ICONS,
  type LucideIcon,
} from './icon';

export { BUSY_ICON, Icon, STATUS_ICONS, type LucideIcon };

/** The picture of each dashboard area, for the navigation and the areas' headings. */
export const AREA_ICONS: Record<Area, LucideIcon> = {
  home: House,
  students: GraduationCap,
  families: UsersRound,
  facilitators: Presentation,
  attendance: CalendarCheck,
  absences: CalendarX,
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
  close: CLOSE_ICON,
  lightMode: Sun,
  darkMode: Moon,
  help: HELP_ICON,
  signOut: LogOut,
  sync: RefreshCw,
  retry: RETRY_ICON,
  discard: Trash,
  add: Plus,
  edit: Pencil,
  search: Search,
  expand: ChevronDown,
  chosen: Check,
  demo: DEMO_ICON,
} satisfies Record<string, LucideIcon>;

/** The kinds of library resources (issue 14): a web link, or a file kept in Storage. */
export const RESOURCE_ICONS = { link: Link2, file: FileText } satisfies Record<string, LucideIcon>;

/** Connection states of the sync control. */
export const CONNECTION_ICONS = { online: Cloud, offline: CloudOff } satisfies Record<
  string,
  LucideIcon
>;

/** The product's mark in the header. */
export const BRAND_ICON: LucideIcon = BookOpen;
