// A new facilitator (/dash/facilitators/new), for staff only. One page with the edit route
// (decision 058): app/features/facilitators/editor-route.ts and FacilitatorEditor.tsx.
import type { RouteHandle } from '~/ui/route-handle';

export { clientAction, clientLoader } from '~/features/facilitators/editor-route';
export { FacilitatorEditorPage as default } from '~/features/facilitators/FacilitatorEditor';
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
export { handleMeta as meta } from '~/ui/route-handle';

export const handle = {
  title: 'New facilitator · Facilitators',
  description: 'Add a facilitator.',
  area: 'facilitators',
} satisfies RouteHandle;
