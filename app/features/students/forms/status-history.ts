// A student's status history. The student schema (app/domain/records.ts) has no `statusHistory`
// field, and unknown fields are stripped whenever a record is parsed, so the history is kept at the
// end of `notes`, below a marker line, one entry per line: "YYYY-MM-DD | status | note". The forms
// show and edit only the text above the marker; the profile lists the entries. Should the schema
// gain a `statusHistory` array, these two functions are the only place to change.
import { z } from 'zod';
import { STUDENT_STATUSES } from '~/domain/records';

export const STATUS_HISTORY_MARKER = '--- Status history ---';

export const statusEntrySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  status: z.enum(STUDENT_STATUSES),
  note: z.string(),
});
export type StatusEntry = z.infer<typeof statusEntrySchema>;

/** Splits stored notes into the free text and the status history (oldest first). */
export function splitNotes(notes: string | undefined): { text: string; history: StatusEntry[] } {
  const value = notes ?? '';
  const at = value.indexOf(STATUS_HISTORY_MARKER);
  if (at < 0) return { text: value.trim(), history: [] };
  const text = value.slice(0, at).trim();
  const history: StatusEntry[] = [];
  for (const line of value.slice(at + STATUS_HISTORY_MARKER.length).split('\n')) {
    const [date = '', status = '', ...rest] = line.split('|').map((part) => part.trim());
    const entry = statusEntrySchema.safeParse({ date, status, note: rest.join(' | ') });
    if (entry.success) history.push(entry.data);
  }
  return { text, history };
}

/** Joins free text and history back into one notes value. */
export function joinNotes(text: string, history: readonly StatusEntry[]): string {
  const body = text.trim();
  if (history.length === 0) return body;
  const lines = history.map((e) => `${e.date} | ${e.status} | ${e.note.replace(/\n/g, ' ')}`);
  return `${body}${body ? '\n\n' : ''}${STATUS_HISTORY_MARKER}\n${lines.join('\n')}`;
}

/** Adds an entry to the history held in `notes`, keeping the free text. */
export function appendStatus(notes: string | undefined, entry: StatusEntry): string {
  const { text, history } = splitNotes(notes);
  return joinNotes(text, [...history, entry]);
}
