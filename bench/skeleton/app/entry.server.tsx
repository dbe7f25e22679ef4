// The app's own build-time entry (app/entry.server.tsx), so the baseline is rendered the same way and,
// like the app, needs no server runtime package.
export { default } from '../../../app/entry.server';
