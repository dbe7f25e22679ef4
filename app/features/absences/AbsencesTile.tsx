// The home tile of reported absences (issue 32): a family's coming ones ("Reported absences"), the
// office's and a facilitator's for today ("Absences reported for today"), each child with what was
// reported, linking to the Absences page.
import { Link } from '@remix-run/react';
import { Badge } from '~/ui/Badge';
import { HomeTile } from '~/ui/HomeTile';
import { AREA_ICONS } from '~/ui/icons';
import type { ReportView } from './views';

export const ABSENCES_PATH = '/dash/absences';

export interface HomeAbsences {
  views: ReportView[];
  /** Reported for the coming days besides (staff). */
  more: number;
  family: boolean;
}

function AbsenceLines({ absences }: { absences: HomeAbsences }) {
  const { views, more, family } = absences;
  if (views.length === 0) {
    return (
      <div className="grid gap-2 text-sm">
        <p className="text-muted">
          {family ? 'Nothing reported for today or the coming days.' : 'No absences reported for today.'}
        </p>
        {family ? (
          <p>
            <Link to={`${ABSENCES_PATH}/new`} className="font-medium underline underline-offset-2">
              Report an absence
            </Link>
          </p>
        ) : null}
        {more > 0 ? <p>{more === 1 ? '1 more' : `${more} more`} for the coming days.</p> : null}
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2 text-sm">
        {views.slice(0, 5).map((v) => (
          <li key={v.id} className="flex flex-wrap items-baseline justify-between gap-x-2">
            <span>
              <bdi className="font-medium">{v.studentName}</bdi>
              {family ? ` · ${v.days}` : ''} · {v.what}
            </span>
            {v.report.status === 'reported' && !family ? null : (
              <Badge tone={v.report.status === 'acknowledged' ? 'success' : 'neutral'} icon={null}>
                {v.statusLabel}
              </Badge>
            )}
          </li>
        ))}
      </ul>
      {views.length > 5 ? <p className="text-sm">{views.length - 5} more.</p> : null}
      {!family && more > 0 ? (
        <p className="text-sm text-muted">
          {more === 1 ? '1 more' : `${more} more`} for the coming days.
        </p>
      ) : null}
      {family ? (
        <p className="text-sm">
          <Link to={`${ABSENCES_PATH}/new`} className="font-medium underline underline-offset-2">
            Report an absence
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The tile: "Reported absences" on a family's home, "Absences reported for today" on the staff's.
 */
export function AbsencesTile({
  data,
  title = 'Reported absences',
}: {
  data: Promise<HomeAbsences> | HomeAbsences;
  title?: string;
}) {
  return (
    <HomeTile
      title={title}
      icon={AREA_ICONS.absences}
      href={ABSENCES_PATH}
      hrefLabel="reported absences"
      data={data}
    >
      {(absences) => <AbsenceLines absences={absences} />}
    </HomeTile>
  );
}

/** The staff's tile: the same, titled for today. */
export function TodaysAbsencesTile({ data }: { data: Promise<HomeAbsences> | HomeAbsences }) {
  return <AbsencesTile data={data} title="Absences reported for today" />;
}
