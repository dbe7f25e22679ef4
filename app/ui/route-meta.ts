// Every route's document title and description (spec §2). One table, so the browser tests can walk
// all routes from the same source the route modules read.
import { isRouteErrorResponse, type MetaDescriptor } from '@remix-run/react';
import { errorTitle } from './errors';

export interface RouteMeta {
  title: string;
  description: string;
}

export const ROUTE_META = {
  '/': { title: 'Sign in', description: 'Sign in to the learning centre dashboard.' },
  '/login': { title: 'Sign in', description: 'Sign in to the learning centre dashboard.' },
  '/auth/login': { title: 'Sign in', description: 'Sign in to the learning centre dashboard.' },
  '/auth/signin': { title: 'Sign in', description: 'Sign in to the learning centre dashboard.' },
  '/dash/home': { title: 'Home', description: 'Your dashboard: today at the learning centre.' },
  '/dash/profile': {
    title: 'Profile',
    description: 'Manage your name, photo, password and sign-in preference.',
  },
  '/dash/settings': { title: 'Settings', description: 'Choose the dashboard theme.' },
  '/dash/facilitators': {
    title: 'Facilitators',
    description: 'Facilitators, their subjects and classrooms.',
  },
  '/dash/roles': {
    title: 'Roles',
    description: 'What each role may see and do, and who holds it.',
  },
  '/dash/members': { title: 'Members', description: 'Accounts: invitations, roles and status.' },
  '/dash/calendar': { title: 'Calendar', description: 'Events by month and as an agenda.' },
  '/dash/messages': { title: 'Messages', description: 'Conversations between families and staff.' },
  '/dash/students': { title: 'Students', description: 'Students and their families.' },
  '/dash/resources': {
    title: 'Resources',
    description: 'Links and files by subject and classroom.',
  },
  '/dash/attendance': { title: 'Attendance', description: 'Roll call per classroom and day.' },
  '/dash/parent-inquiries': {
    title: 'Parent Inquiries',
    description: 'Inquiries from prospective families.',
  },
  '/dash/notifications': { title: 'Notifications', description: 'Your notifications.' },
  '/dash/school': {
    title: 'School Setup',
    description: 'Campuses, classrooms with their schedules, and subjects.',
  },
  '/dashboard': { title: 'Dashboard', description: 'Dashboard overview.' },
  '/examples': {
    title: 'Dashboard Examples',
    description: 'Examples of the dashboard design system.',
  },
  '/examples/modal-buttons': {
    title: 'Modal Button Configurations',
    description: 'The button configurations a modal can have.',
  },
  '/examples/mobile-action-bar': {
    title: 'Mobile Action Bar Theme Integration',
    description: 'Example showcasing the enhanced theme integration for mobile action bars',
  },
  '/help': { title: 'Help', description: 'Help for the page you were on.' },
} satisfies Record<string, RouteMeta>;

export type MetaPath = keyof typeof ROUTE_META;

/**
 * The route's title and description. Pass the meta function's `error` from routes that have their
 * own ErrorBoundary: the error page's title ("Not Allowed", "Page Not Found") must win then.
 */
export function pageMeta(path: MetaPath, error?: unknown): MetaDescriptor[] {
  const { title, description } = ROUTE_META[path];
  return withErrorTitle(error, [{ title }, { name: 'description', content: description }]);
}

/** A route's own meta, with the error page's title in place of its title when it failed. */
export function withErrorTitle(error: unknown, descriptors: MetaDescriptor[]): MetaDescriptor[] {
  if (error === undefined || error === null) return descriptors;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [{ title: errorTitle(status) }, ...descriptors.filter((d) => !('title' in d))];
}
