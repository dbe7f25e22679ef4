// Edit a facilitator: every field for staff, the own-profile fields for the facilitator themselves.
export {
  clientLoader,
  clientAction,
  default,
  ErrorBoundary,
  meta,
} from '~/features/facilitators/editor-route';
