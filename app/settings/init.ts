// Start-up of the client-side settings: the theme (already applied by the inline boot script, read
// back here so the store agrees with what is on screen) and the dashboard type from the host name.
import { storeDashboardType, detectDashboardType, readStoredDashboardType } from './dashboard-type';
import { settingsStore } from './store';
import { applyTheme, initialTheme, readStoredTheme, systemPrefersDark } from './theme';

let initialised = false;

export function initClientSettings(): void {
  if (initialised) return;
  initialised = true;
  const theme = initialTheme(readStoredTheme(), systemPrefersDark());
  applyTheme(theme);
  settingsStore.setTheme(theme, { persist: false });

  const detected = detectDashboardType(window.location);
  // A host label decides outright; otherwise a type stored earlier (from a path prefix) is kept.
  const type =
    detected.source === 'host' ? detected.type : (readStoredDashboardType() ?? detected.type);
  if (detected.source === 'host') storeDashboardType(type);
  settingsStore.setDashboardType(type);
}
