// School setup: create or edit a campus, classroom or subject (the module is shared by both routes).
export {
  clientLoader,
  clientAction,
  default,
  ErrorBoundary,
  meta,
} from '~/features/school/editor-route';
