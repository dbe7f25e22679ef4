// The fake Firebase for Node (vitest): msw's server with the same handlers as demo mode; the
// store lives in memory for the life of the test file.
import { setupServer } from 'msw/node';
import { handlers } from './index';

export const server = setupServer(...handlers);
