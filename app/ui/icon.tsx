// The icons every page shows from its first load (the notices, the busy spinner, the demo banner,
// the help button),
// and the <Icon> part. app/ui/icons.tsx is still the one registry: it re-exports these and uses
// them in its maps, so one meaning keeps one picture. They live apart because a build bundles a
// module's icons whole: importing the registry put all of its ~40 icons into the first load of
// /login, which has a 120 KiB budget (issue 30 pushed it over).
import {
  Circle,
  CircleCheck,
  CircleQuestionMark,
  CircleX,
  FlaskConical,
  Info,
  LoaderCircle,
  RotateCcw,
  TriangleExclamationPoint,
  X,
  type LucideIcon,
} from 'lucide-react';
import type { BadgeTone } from '~/settings/skin';

export type { LucideIcon };

/** A status beside its words (a status is never told by colour alone). */
export const STATUS_ICONS: Record<BadgeTone, LucideIcon> = {
  neutral: Circle,
  info: Info,
  success: CircleCheck,
  warning: TriangleExclamationPoint,
  danger: CircleX,
};

/** The first-load actions (ACTION_ICONS close, help, retry and demo). */
export const CLOSE_ICON: LucideIcon = X;
export const HELP_ICON: LucideIcon = CircleQuestionMark;
export const RETRY_ICON: LucideIcon = RotateCcw;
export const DEMO_ICON: LucideIcon = FlaskConical;

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
