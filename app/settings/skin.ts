// The skin: per theme, the class tokens each part of the UI uses (spec §3 "skin"). Colours come from
// CSS variables set per [data-theme] in app/tailwind.css, so a token such as `bg-card` is the right
// colour in every theme; the per-theme differences here are shape and emphasis (the accessible theme
// uses heavier borders, underlined links and larger focus rings).
//
// The parts in app/ui (Button, Badge, Tabs, Combobox …) read the tone tokens (`buttonTone`,
// `badgeTone`, `tab`, `option` …) and add their own sizes. There is no whole-button class string:
// every button is a Button or a ButtonLink (lint: local/buttons-through-button).
import type { Theme } from './theme';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface Skin {
  page: string;
  header: string;
  /** A button on the header bar (sync status, theme, help, menu). */
  headerButton: string;
  card: string;
  /** A floating panel: the combobox list, the sync panel. */
  popover: string;
  /** Colour and emphasis per button variant, without size (Button adds the size). */
  buttonTone: Record<ButtonVariant, string>;
  /** Colour and border per badge tone (Badge adds the shape and the icon). */
  badgeTone: Record<BadgeTone, string>;
  nav: string;
  navItem: string;
  navItemActive: string;
  tab: string;
  tabSelected: string;
  /** An option in a list box; `optionFocused` while the keyboard or pointer is on it. */
  option: string;
  optionFocused: string;
  mobileActionBar: string;
  input: string;
  success: string;
  warning: string;
  error: string;
  info: string;
  listItem: string;
  rounded: string;
  link: string;
}

const baseTones: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary shadow-sm hover:bg-primary-hover',
  secondary: 'bg-card text-fg border border-border shadow-sm hover:bg-hover',
  danger: 'bg-danger text-on-danger shadow-sm hover:opacity-90',
  ghost: 'text-fg hover:bg-hover',
};

const accessibleTones: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary border-2 border-fg underline-offset-4 hover:underline',
  secondary: 'bg-card text-fg border-2 border-border hover:bg-hover',
  danger: 'bg-danger text-on-danger border-2 border-fg',
  ghost: 'text-fg underline underline-offset-4 hover:bg-hover',
};

const base: Skin = {
  page: 'bg-page text-fg',
  header: 'bg-header text-on-header border-b border-border',
  headerButton:
    'inline-flex items-center justify-center gap-2 min-h-10 min-w-10 px-2.5 text-sm font-medium text-on-header border border-on-header/30 hover:bg-on-header/10',
  card: 'bg-card text-fg border border-border shadow-sm',
  popover: 'bg-card text-fg border border-border shadow-xl',
  buttonTone: baseTones,
  badgeTone: {
    neutral: 'bg-hover text-fg border border-border',
    info: 'bg-info-soft text-info border border-info/40',
    success: 'bg-success-soft text-success border border-success/40',
    warning: 'bg-warning-soft text-warning border border-warning/40',
    danger: 'bg-danger-soft text-danger border border-danger/40',
  },
  nav: 'bg-nav text-fg border-r border-border',
  navItem: 'flex items-center gap-3 px-3 py-2 min-h-10 text-fg hover:bg-hover',
  navItemActive:
    'flex items-center gap-3 px-3 py-2 min-h-10 bg-selected text-on-selected font-semibold',
  tab: 'inline-flex items-center gap-2 px-3 py-2 min-h-11 border-b-2 border-transparent text-muted hover:text-fg cursor-default',
  tabSelected:
    'inline-flex items-center gap-2 px-3 py-2 min-h-11 border-b-2 border-primary text-fg font-semibold cursor-default',
  option: 'flex items-start gap-2 px-3 py-2 cursor-default text-fg',
  optionFocused: 'flex items-start gap-2 px-3 py-2 cursor-default bg-selected text-on-selected',
  mobileActionBar: 'bg-card text-fg border-t border-border shadow-lg',
  input:
    'w-full px-3 py-2 min-h-11 bg-input text-fg border border-border-strong placeholder:text-muted',
  success: 'bg-success-soft text-success border border-success',
  warning: 'bg-warning-soft text-warning border border-warning',
  error: 'bg-danger-soft text-danger border border-danger',
  info: 'bg-info-soft text-info border border-info',
  listItem: 'border-b border-border hover:bg-hover',
  rounded: 'rounded-lg',
  link: 'text-link underline underline-offset-2 hover:no-underline',
};

export const SKINS: Record<Theme, Skin> = {
  default: base,
  dark: base,
  accessible: {
    ...base,
    headerButton:
      'inline-flex items-center justify-center gap-2 min-h-10 min-w-10 px-2.5 text-sm font-medium text-on-header border-2 border-on-header hover:bg-hover',
    card: 'bg-card text-fg border-2 border-border',
    popover: 'bg-card text-fg border-2 border-border',
    buttonTone: accessibleTones,
    badgeTone: {
      neutral: 'bg-page text-fg border-2 border-fg',
      info: 'bg-page text-info border-2 border-info',
      success: 'bg-page text-success border-2 border-success',
      warning: 'bg-page text-warning border-2 border-warning',
      danger: 'bg-page text-danger border-2 border-danger',
    },
    nav: 'bg-nav text-fg border-r-2 border-border',
    navItem: `${base.navItem} underline underline-offset-4`,
    navItemActive: `${base.navItemActive} border-2 border-fg`,
    tab: `${base.tab} underline underline-offset-4`,
    tabSelected:
      'inline-flex items-center gap-2 px-3 py-2 min-h-11 border-b-4 border-primary text-primary font-bold cursor-default',
    mobileActionBar: 'bg-card text-fg border-t-2 border-border',
    input: `${base.input} border-2`,
    listItem: 'border-b-2 border-border hover:bg-hover',
    rounded: 'rounded-none',
    link: 'text-link underline underline-offset-4 decoration-2',
  },
};
