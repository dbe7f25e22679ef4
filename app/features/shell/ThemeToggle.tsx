// The header's theme button (spec §4): it switches between the dark and the default theme through
// the settings store, which remembers the choice.
import { settingsStore, useSettings } from '~/settings/store';
import { ACTION_ICONS, Icon } from '~/ui/icons';

/**
 * Switches between the dark and the default theme (spec §4). The button says what it will do
 * ("Light mode" while dark is on), so it carries no aria-pressed: a pressed state and a label that
 * changes with it would contradict each other.
 */
export function ThemeToggle() {
  const theme = useSettings((s) => s.theme);
  const skin = useSettings((s) => s.skin);
  const toLight = theme === 'dark';
  return (
    <button
      type="button"
      onClick={() => settingsStore.toggleDark()}
      title={toLight ? 'Switch to the light theme' : 'Switch to the dark theme'}
      className={`${skin.headerButton} ${skin.rounded}`}
    >
      <Icon icon={toLight ? ACTION_ICONS.lightMode : ACTION_ICONS.darkMode} className="size-5" />
      <span className="sr-only lg:not-sr-only">{toLight ? 'Light mode' : 'Dark mode'}</span>
    </button>
  );
}
