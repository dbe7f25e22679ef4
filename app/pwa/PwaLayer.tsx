// The installable-app layer mounted once by the root: it starts the service worker and the
// new-version checks, applies the build's route rules, and shows the update notice and the install
// banner. Each part lives in its own module; this one only puts them together.
import { useEffect } from 'react';
import { InstallBanner } from './InstallBanner';
import { startServiceWorker } from './service-worker';
import { UpdateNotice } from './UpdateNotice';
import { startVersionChecks, useRouteRules } from './version-check';

export function PwaLayer() {
  useEffect(() => startServiceWorker(), []);
  useEffect(() => startVersionChecks(), []);
  useRouteRules();
  return (
    <>
      <UpdateNotice />
      <InstallBanner />
    </>
  );
}
