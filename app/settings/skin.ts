// The skin: per theme, the class tokens each part of the UI uses (spec §3 "skin"). Colours come from
// CSS variables set per [data-theme] in app/tailwind.css, so a token such as `bg-card` is the right
// colour in every theme; the per-theme differences here are shape and emphasis (the accessible theme
// uses heavier borders, underlined links and larger focus rings).
import type { Theme } from './theme';

export interface Skin {
  page: string;
  header: string;
  card: string;
  button: string;
  buttonSecondary: string;
  buttonDanger: string;
  nav: string;
  navItem: string;
  navItemActive: string;
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

const base: Skin = {
  page: 'bg-page text-fg',
  header: 'bg-header text-on-header border-b border-border',
  card: 'bg-card text-fg border border-border shadow-sm',
  button:
    'inline-flex items-center justify-center gap-2 px-4 py-2 min-h-11 font-medium bg-primary text-on-primary hover:bg-primary-hover disabled:opacity-60 disabled:cursor-not-allowed',
  buttonSecondary:
    'inline-flex items-center justify-center gap-2 px-4 py-2 min-h-11 font-medium bg-card text-fg border border-border hover:bg-hover disabled:opacity-60 disabled:cursor-not-allowed',
  buttonDanger:
    'inline-flex items-center justify-center gap-2 px-4 py-2 min-h-11 font-medium bg-danger text-on-danger hover:opacity-90 disabled:opacity-60 disabled:cursor-not-allowed',
  nav: 'bg-nav text-fg border-r border-border',
  navItem: 'flex items-center gap-2 px-3 py-2 min-h-11 text-fg hover:bg-hover',
  navItemActive:
    'flex items-center gap-2 px-3 py-2 min-h-11 bg-selected text-on-selected font-semibold',
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
    card: 'bg-card text-fg border-2 border-border',
    button: `${base.button} border-2 border-fg underline-offset-4 hover:underline`,
    buttonSecondary: `${base.buttonSecondary} border-2`,
    buttonDanger: `${base.buttonDanger} border-2 border-fg`,
    nav: 'bg-nav text-fg border-r-2 border-border',
    navItem: `${base.navItem} underline underline-offset-4`,
    navItemActive: `${base.navItemActive} border-2 border-fg`,
    mobileActionBar: 'bg-card text-fg border-t-2 border-border',
    input: `${base.input} border-2`,
    listItem: 'border-b-2 border-border hover:bg-hover',
    rounded: 'rounded-none',
    link: 'text-link underline underline-offset-4 decoration-2',
  },
};
