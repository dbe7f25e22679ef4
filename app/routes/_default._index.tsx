import { pageMeta } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

export const meta: MetaFunction = () => pageMeta('/');

export { clientAction, clientLoader, LoginPage as default } from '~/auth/login-route';
