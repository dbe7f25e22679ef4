// The notice for damaged local data: when the store or the outbox dropped records or queued changes
// that no longer parse (and asked for a refetch), the person is told once, in whichever dashboard
// they are. Damage found before the shell was on screen (the prewarm right after sign-in) is
// counted by the data layer and shown when the shell mounts.
import { useEffect } from 'react';
import { DAMAGED_DATA_MESSAGE } from '~/config/constants';
import { store as appStore, type Store } from '~/data/store';
import { settingsStore } from '~/settings/store';

type Notify = (message: string, type: 'warning') => void;

/** Shows DAMAGED_DATA_MESSAGE if damage was reported since the last call; returns whether it did. */
export function showDamageNotice(
  store: Pick<Store, 'takeDamageReports'> = appStore,
  notify: Notify = settingsStore.notify,
): boolean {
  if (store.takeDamageReports() === 0) return false;
  notify(DAMAGED_DATA_MESSAGE, 'warning');
  return true;
}

/** Mount once in the dashboard shell: shows the notice for every damage event of this tab. */
export function useDamageNotice(store: Pick<Store, 'takeDamageReports' | 'subscribe'> = appStore) {
  useEffect(() => {
    showDamageNotice(store);
    return store.subscribe((event) => {
      if (event.damaged) showDamageNotice(store);
    });
  }, [store]);
}
