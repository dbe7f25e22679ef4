// Chromium fires `beforeinstallprompt` once, possibly before the lazily loaded PWA layer (and so
// app/pwa/install.ts) has started listening. The client entry calls catchEarlyInstallPrompt() first
// thing; the install store takes the kept event when it starts. Deliberately tiny: it is on the
// first load of every page.
let early: Event | null = null;
let listening = false;

function keep(event: Event) {
  // The banner and the settings page offer install; the browser's own infobar stays away.
  event.preventDefault();
  early = event;
}

export function catchEarlyInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', keep);
}

/** The event that arrived before the install store listened, once; stops the early listener. */
export function takeEarlyInstallPrompt(): Event | null {
  if (typeof window !== 'undefined') window.removeEventListener('beforeinstallprompt', keep);
  listening = false;
  const event = early;
  early = null;
  return event;
}
