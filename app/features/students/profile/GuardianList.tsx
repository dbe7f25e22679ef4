// A family's guardians as the family page and a student's profile show them: name, relationship,
// whether they are the primary contact, and how to reach them.
import type { Guardian } from '~/domain/records';
import { useSettings } from '~/settings/store';

export function GuardianList({
  guardians,
  showLinkedAccounts = false,
  className = 'mt-4 grid gap-4',
}: {
  guardians: readonly Guardian[];
  /** Staff see which guardians are linked to a parent account. */
  showLinkedAccounts?: boolean;
  className?: string;
}) {
  const skin = useSettings((s) => s.skin);
  if (guardians.length === 0) return <p className="mt-4 text-muted">No guardians recorded.</p>;
  return (
    <ul className={className} aria-label="Guardians">
      {guardians.map((g, index) => (
        <li key={`${g.name}-${index}`} className="grid gap-0.5">
          <span className="font-medium">
            {g.name}
            {g.relationship ? `, ${g.relationship}` : ''}
            {g.isPrimary ? ' (primary contact)' : ''}
          </span>
          {g.email ? (
            <a href={`mailto:${g.email}`} className={skin.link}>
              {g.email}
            </a>
          ) : null}
          {g.phone ? (
            <a href={`tel:${g.phone.replace(/[^\d+]/g, '')}`} className={skin.link}>
              {g.phone}
            </a>
          ) : null}
          {g.memberUUID && showLinkedAccounts ? (
            <span className="text-sm text-muted">Linked to a parent account</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
