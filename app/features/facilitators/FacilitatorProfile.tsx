// A facilitator's profile page: a link back to the list, the heading with the edit link (in the
// mobile action bar on phones), and the contact, subjects and classrooms sections. The classroom
// lines list up to six lessons of the weekly schedule in weekday order. The data comes from
// loadFacilitatorProfile (profile-route.ts) through the route's clientLoader.
import { Link } from '@remix-run/react';
import { isoWeekdayName as weekdayName } from '~/domain/clock';
import { useSettings } from '~/settings/store';
import { ButtonLink } from '~/ui/Button';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { PageHeading } from '~/ui/PageHeading';
import type { FacilitatorProfileData } from './profile-route';

export function FacilitatorProfile({ data }: { data: FacilitatorProfileData }) {
  const skin = useSettings((s) => s.skin);
  const f = data.facilitator;
  const name = `${f.firstName} ${f.lastName}`;
  const editLabel = data.own ? 'Edit my profile' : `Edit ${name}`;
  const editLink = data.canEdit ? (
    <ButtonLink to={`/dash/facilitators/${f.id ?? ''}/edit`}>{editLabel}</ButtonLink>
  ) : null;

  return (
    <>
      <p className="mb-2">
        <Link to="/dash/facilitators" className={skin.link}>
          All facilitators
        </Link>
      </p>
      <PageHeading
        title={name}
        lead={`${f.status === 'active' ? 'Active' : 'Inactive'} facilitator${data.own ? ' (you)' : ''}`}
        actions={editLink ? <div className="hidden sm:block">{editLink}</div> : undefined}
      />
      <div className="grid max-w-4xl gap-6 lg:grid-cols-2">
        <section aria-labelledby="contact-heading" className={`p-6 ${skin.card} ${skin.rounded}`}>
          <h2 id="contact-heading" className="text-xl font-semibold">
            Contact
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="font-medium">E-mail</dt>
            <dd>
              {f.email ? (
                <a href={`mailto:${f.email}`} className={skin.link}>
                  {f.email}
                </a>
              ) : (
                '—'
              )}
            </dd>
            <dt className="font-medium">Phone</dt>
            <dd>
              {f.phone ? (
                <a href={`tel:${f.phone.replace(/\s/g, '')}`} className={skin.link}>
                  {f.phone}
                </a>
              ) : (
                '—'
              )}
            </dd>
            <dt className="font-medium">Campus</dt>
            <dd>{data.campusName ?? '—'}</dd>
          </dl>
          <h3 className="mt-4 font-semibold">Bio</h3>
          <p className="mt-1 whitespace-pre-line">{f.bio || 'No bio yet.'}</p>
        </section>
        <section aria-labelledby="subjects-heading" className={`p-6 ${skin.card} ${skin.rounded}`}>
          <h2 id="subjects-heading" className="text-xl font-semibold">
            Subjects
          </h2>
          {data.subjects.length === 0 ? (
            <p className="mt-3 text-muted">No subjects assigned.</p>
          ) : (
            <ul className="mt-3 flex flex-wrap gap-2">
              {data.subjects.map((s) => (
                <li
                  key={s.id}
                  className={`flex items-center gap-2 border border-border px-2 py-1 ${skin.rounded}`}
                >
                  <span
                    aria-hidden="true"
                    className="inline-block size-3 rounded-full"
                    style={{ backgroundColor: s.colour }}
                  />
                  {s.name}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section
          aria-labelledby="classrooms-heading"
          className={`p-6 lg:col-span-2 ${skin.card} ${skin.rounded}`}
        >
          <h2 id="classrooms-heading" className="text-xl font-semibold">
            Classrooms
          </h2>
          {data.classrooms.length === 0 ? (
            <p className="mt-3 text-muted">Not teaching any classroom.</p>
          ) : (
            <ul className="mt-3 grid gap-3">
              {data.classrooms.map((c) => (
                <li key={c.id}>
                  <h3 className="font-semibold">
                    {c.name}
                    {data.campusNames[c.campusId] ? (
                      <span className="font-normal text-muted">
                        {' '}
                        · {data.campusNames[c.campusId]}
                      </span>
                    ) : null}
                  </h3>
                  <p className="text-sm text-muted">
                    {c.schedule.length === 0
                      ? 'No lessons scheduled.'
                      : [...c.schedule]
                          .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start))
                          .slice(0, 6)
                          .map((row) =>
                            `${weekdayName(row.weekday).slice(0, 3)} ${row.start}–${row.end} ${data.subjectNames[row.subjectId] ?? ''}`.trim(),
                          )
                          .join(' · ') + (c.schedule.length > 6 ? ' …' : '')}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {editLink ? <MobileActionBar label="Facilitator actions">{editLink}</MobileActionBar> : null}
    </>
  );
}
