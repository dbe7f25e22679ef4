// The signed-in person's zone as the dashboard layout read it (person-zone.ts), for every component
// that writes a stored instant. Apart from the loader, so the layout's first load carries only this.
import { createContext, useContext } from 'react';
import { deviceTimeZone } from '~/domain/clock';

/** The zone the dashboard layout read; null outside it. */
export const PersonZoneContext = createContext<string | null>(null);

/** The signed-in person's zone; outside the dashboard (and before sign-in), the device's. */
export function usePersonZone(): string {
  return useContext(PersonZoneContext) ?? deviceTimeZone();
}
