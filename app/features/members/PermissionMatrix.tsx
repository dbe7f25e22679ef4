// The permission matrix as a read-only table a person can read: collections down, roles across,
// and in each cell what the role may read and write, in words (app/domain/permissions.ts is the
// one source; the backend enforces the same rules).
import {
  PERMISSION_COLLECTIONS,
  PERMISSION_MATRIX,
  type AccessRule,
  type PermissionCollection,
} from '~/domain/permissions';
import type { Role } from '~/domain/roles';
import { SCOPE_LABELS } from '~/domain/scope-labels';
import { useSettings } from '~/settings/store';
import { ROLE_LABELS } from './member-rules';

/** Readable names of the matrix's collections. */
const COLLECTION_LABELS: Record<PermissionCollection, string> = {
  campuses: 'Campuses',
  classrooms: 'Classrooms',
  subjects: 'Subjects',
  students: 'Students',
  families: 'Families',
  facilitators: 'Facilitators',
  Members: 'Member accounts',
  attendance: 'Attendance',
  events: 'Calendar events',
  conversations: 'Conversations',
  messages: 'Messages',
  Notifications: 'Notifications',
  parentInquiries: 'Parent inquiries',
  resources: 'Resources',
  collectionVersions: 'Data versions (system)',
  unregisteredSignins: 'Unregistered sign-ins',
  auditLog: 'Audit trail',
  guardianRequests: 'Guardian change requests',
  absenceReports: 'Reported absences',
  eventReplies: 'Event replies and consent',
  devices: 'Devices for push notifications',
};

/** The matrix's columns: superAdmin shares admin's rules but is shown on its own. */
const MATRIX_ROLES: readonly Role[] = [
  'admin',
  'superAdmin',
  'administration',
  'facilitator',
  'parent',
  'student',
];

function AccessCell({ rule }: { rule: AccessRule }) {
  if (rule.read === 'none' && rule.write === 'none') {
    return <span className="text-muted">No access</span>;
  }
  return (
    <>
      <span className="block">
        <span className="font-semibold">Read:</span> {SCOPE_LABELS[rule.read]}
      </span>
      <span className="block">
        <span className="font-semibold">Write:</span>{' '}
        {rule.write === 'none' ? 'none' : SCOPE_LABELS[rule.write]}
      </span>
    </>
  );
}

export function PermissionMatrixTable() {
  const skin = useSettings((s) => s.skin);
  return (
    <div
      className={`overflow-x-auto ${skin.card} ${skin.rounded}`}
      // The table is wider than a phone: the wrapper scrolls, so keyboard users must be able to
      // focus it to scroll (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-labelledby="matrix-caption"
    >
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
        <caption id="matrix-caption" className="p-3 text-left font-semibold">
          What each role may read and write, by collection
        </caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="p-2">
              Collection
            </th>
            {MATRIX_ROLES.map((role) => (
              <th key={role} scope="col" className="p-2">
                {ROLE_LABELS[role]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERMISSION_COLLECTIONS.map((collection) => (
            <tr key={collection} className="border-b border-border align-top">
              <th scope="row" className="p-2 font-semibold">
                {COLLECTION_LABELS[collection]}
              </th>
              {MATRIX_ROLES.map((role) => (
                <td key={role} className="p-2">
                  <AccessCell rule={PERMISSION_MATRIX[collection][role]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
