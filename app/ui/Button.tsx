// Buttons and button-looking links. A variant says how much a button asks for attention: primary
// (the one thing to do), secondary (alternatives), danger (destroys something), ghost (quiet,
// in toolbars and banners). Colours come from the theme skin's `buttonTone`; the size comes from here.
import { Link, type LinkProps } from '@remix-run/react';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import type { ButtonVariant, Skin } from '~/settings/skin';
import { useSettings } from '~/settings/store';
import { BUSY_ICON, Icon, type LucideIcon } from './icon';

export type { ButtonVariant };
export type ButtonSize = 'sm' | 'md' | 'lg';

/**
 * With large text the label wraps (centred) rather than running off a phone screen. Rows of
 * buttons should flex-wrap, so a button moves to the next row before its words are squeezed.
 */
const SHAPE =
  'inline-flex items-center justify-center gap-2 text-center font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

/** Medium is 44 px high, the touch-target size; small is for dense rows and banners. */
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 py-1.5 text-sm',
  md: 'min-h-11 px-4 py-2',
  lg: 'min-h-12 px-5 py-2.5 text-lg',
};

const ICON_SIZES: Record<ButtonSize, string> = { sm: 'size-4', md: 'size-5', lg: 'size-5' };

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon before the text; it is decoration, the text names the action. */
  icon?: LucideIcon;
  className?: string;
  /** Another theme's skin instead of the current one (the examples page shows every theme at once). */
  skinOverride?: Skin;
}

/**
 * The class list of a button in the current theme, for the rare control that can be neither a
 * <button> nor a <Link> (a <summary>, the <label> of a file input, an <a download>).
 */
export function useButtonClasses({
  variant = 'primary',
  size = 'md',
  className = '',
  skinOverride,
}: Look) {
  const currentSkin = useSettings((s) => s.skin);
  const skin = skinOverride ?? currentSkin;
  return `${SHAPE} ${SIZES[size]} ${skin.buttonTone[variant]} ${skin.rounded} ${className}`;
}

export interface ButtonProps
  extends Look, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  /**
   * While busy the button ignores presses, shows a spinner, and its text may say what is happening.
   * It stays focusable (aria-disabled, not disabled): a disabled button drops the focus of the
   * person who just pressed it to the page body, and the next Tab starts again at the top.
   */
  busy?: boolean;
  busyLabel?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size = 'md',
    icon,
    className,
    skinOverride,
    busy = false,
    busyLabel,
    type = 'button',
    disabled,
    children,
    onClick,
    ...rest
  },
  ref,
) {
  const classes = useButtonClasses({ variant, size, className, skinOverride });
  return (
    <button
      ref={ref}
      // A plain <button> inside a form submits it; say so explicitly with type="submit".
      type={type}
      disabled={disabled}
      aria-disabled={busy && !disabled ? true : undefined}
      aria-busy={busy || undefined}
      className={classes}
      {...rest}
      // Busy: no second press, and no second submit of its form (Enter in a field clicks it too).
      onClick={busy ? (event) => event.preventDefault() : onClick}
    >
      {busy ? (
        // With reduced motion the circle stands still; aria-busy and the busy label still say it.
        <Icon icon={BUSY_ICON} className={`${ICON_SIZES[size]} motion-safe:animate-spin`} />
      ) : icon ? (
        <Icon icon={icon} className={ICON_SIZES[size]} />
      ) : null}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
});

export interface ButtonLinkProps extends Look, Omit<LinkProps, 'className'> {}

/** A Remix <Link> that looks like a button: for actions that go to another page. */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant, size = 'md', icon, className, skinOverride, children, ...rest },
  ref,
) {
  const classes = useButtonClasses({ variant, size, className, skinOverride });
  return (
    <Link ref={ref} className={classes} {...rest}>
      {icon ? <Icon icon={icon} className={ICON_SIZES[size]} /> : null}
      {children}
    </Link>
  );
});
