// The <link> tags for the web app manifest and the home-screen icon, spread into the root's
// `links`. They exist only with the PWA flag on: without the manifest the browser offers no install.
// The root also renders its error page through these links, so a broken configuration must not
// throw here; the error page reports it instead.
import { getRuntimeConfig } from '~/config/env';

export const MANIFEST_HREF = '/manifest.webmanifest';
export const APPLE_TOUCH_ICON_HREF = '/icons/apple-touch-icon.png';

export function pwaLinks(): { rel: string; href: string; type?: string; sizes?: string }[] {
  let enabled: boolean;
  try {
    enabled = getRuntimeConfig().pwaEnabled;
  } catch {
    return [];
  }
  if (!enabled) return [];
  return [
    { rel: 'manifest', href: MANIFEST_HREF },
    // iOS ignores the manifest's icons for the home screen; it reads this one.
    { rel: 'apple-touch-icon', href: APPLE_TOUCH_ICON_HREF, sizes: '180x180' },
  ];
}
