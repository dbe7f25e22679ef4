// Edit a facilitator (/dash/facilitators/:facilitatorId/edit): every field for staff, the
// own-profile fields for the facilitator themselves. One page with the new route (decision 058):
// app/features/facilitators/editor-route.ts and FacilitatorEditor.tsx.
import type { RouteHandle } from '~/ui/route-handle';

export { clientAction, clientLoader } from '~/features/facilitators/editor-route';
export { FacilitatorEditorPage as default } from '~/features/facilitators/FacilitatorEditor';
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
export { handleMeta as meta } from '~/ui/route-handle';

export const handle = {
  title: 'Edit facilitator · Facilitators',
  description: "Change a facilitator's details.",
  area: 'facilitators',
} satisfies RouteHandle;
