// The students list as a windowed table: one row per student, linking to the profile. Column
// headers are links that sort by that column (a second click reverses it), so sorting works from
// the table as well as from the form, and both write the same URL.
import { Link } from '@remix-run/react';
import { formatDate } from '~/domain/format';
import type { Campus, Classroom } from '~/domain/records';
import { useSettings } from '~/settings/store';
import {
  listQueryToSearch,
  STATUS_LABELS,
  studentDisplayName,
  type ListStudent,
  type SortField,
  type StudentListQuery,
} from './query';
import { VirtualTable, type VirtualColumn } from './VirtualTable';

/** Name and status always; the other columns appear as the screen widens. */
const GRID =
  'grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_minmax(0,2fr)_minmax(0,2fr)] xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_minmax(0,2fr)_minmax(0,2fr)_minmax(0,2fr)_minmax(0,3fr)]';
const FROM_MD = 'hidden md:flex';
const FROM_XL = 'hidden xl:flex';

const STATUS_BADGE: Record<ListStudent['status'], string> = {
  enrolled: 'border-success text-success',
  waitlisted: 'border-warning text-warning',
  withdrawn: 'border-border-strong text-muted',
  graduated: 'border-info text-info',
};

export interface StudentsTableProps {
  students: readonly ListStudent[];
  query: StudentListQuery;
  campuses: readonly Campus[];
  classrooms: readonly Classroom[];
  label: string;
}

export function StudentsTable({
  students,
  query,
  campuses,
  classrooms,
  label,
}: StudentsTableProps) {
  const skin = useSettings((s) => s.skin);
  const campusName = new Map(campuses.map((c) => [c.id, c.name]));
  const classroomName = new Map(classrooms.map((c) => [c.id, c.name]));

  const sortHeader = (field: SortField, text: string) => {
    const active = query.sort === field;
    const dir = active && query.dir === 'asc' ? 'desc' : 'asc';
    const search = listQueryToSearch({ ...query, sort: field, dir });
    return (
      <Link
        to={{ pathname: '/dash/students', search }}
        replace
        className="inline-flex min-h-11 items-center gap-1 hover:underline"
      >
        {text}
        <span className="sr-only">, sort {dir === 'asc' ? 'ascending' : 'descending'}</span>
        {active ? <span aria-hidden="true">{query.dir === 'asc' ? '▲' : '▼'}</span> : null}
      </Link>
    );
  };
  const ariaSort = (field: SortField): VirtualColumn['ariaSort'] =>
    query.sort === field ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined;

  const columns: VirtualColumn[] = [
    { key: 'name', header: sortHeader('name', 'Name'), ariaSort: ariaSort('name') },
    { key: 'status', header: sortHeader('status', 'Status'), ariaSort: ariaSort('status') },
    {
      key: 'dob',
      header: sortHeader('dob', 'Date of birth'),
      ariaSort: ariaSort('dob'),
      className: FROM_MD,
    },
    { key: 'campus', header: 'Campus', className: FROM_MD },
    {
      key: 'enrolled',
      header: sortHeader('enrolled', 'Enrolled on'),
      ariaSort: ariaSort('enrolled'),
      className: FROM_XL,
    },
    { key: 'classrooms', header: 'Classrooms', className: FROM_XL },
  ];

  const classroomsOf = (s: ListStudent) =>
    s.classroomIds.map((id) => classroomName.get(id) ?? id).join(', ') || '—';

  return (
    <div className={`overflow-hidden ${skin.card} ${skin.rounded}`}>
      <VirtualTable
        label={label}
        items={students}
        columns={columns}
        rowKey={(s) => s.id}
        gridClassName={GRID}
        rowClassName={skin.listItem}
        renderCells={(s) => [
          <Link
            key="name"
            to={`/dash/students/${encodeURIComponent(s.id)}`}
            className={`truncate ${skin.link}`}
            // Rows have a fixed height (the list is virtual), so a long value is cut: the title
            // shows it in full on hover, as on the other truncated cells.
            title={studentDisplayName(s)}
          >
            {studentDisplayName(s)}
          </Link>,
          <span
            key="status"
            className={`rounded-full border px-2 py-0.5 text-sm font-medium ${STATUS_BADGE[s.status]}`}
          >
            {STATUS_LABELS[s.status]}
          </span>,
          <span key="dob" className="truncate tabular-nums">
            <time dateTime={s.dateOfBirth}>{formatDate(s.dateOfBirth, 'date')}</time>
          </span>,
          <span key="campus" className="truncate" title={campusName.get(s.campusId) ?? s.campusId}>
            {campusName.get(s.campusId) ?? s.campusId}
          </span>,
          <span key="enrolled" className="truncate tabular-nums">
            {s.enrolledOn ? (
              <time dateTime={s.enrolledOn}>{formatDate(s.enrolledOn, 'date')}</time>
            ) : (
              '—'
            )}
          </span>,
          <span key="classrooms" className="truncate" title={classroomsOf(s)}>
            {classroomsOf(s)}
          </span>,
        ]}
      />
    </div>
  );
}
