// A new facilitator (staff only); the form module is shared with the edit route.
export {
  clientLoader,
  clientAction,
  default,
  ErrorBoundary,
  meta,
} from '~/features/facilitators/editor-route';
