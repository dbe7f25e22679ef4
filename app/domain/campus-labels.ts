// Names that two campuses share ("Otters (ages 6–7)" at both, two students called Asha Rao): the
// register, the "Needs attention" lists and the facilitator editor's classrooms show the campus
// beside such a name, so the two can be told apart; a name that is unique stays as it is. Pure.

/** "Otters (ages 6–7) · Riverside Campus": a name followed by its campus. */
export function withCampus(name: string, campusName: string): string {
  return campusName ? `${name} · ${campusName}` : name;
}

/**
 * A label per item id: its name, followed by its campus's when another item of `items` has the same
 * name (compared without case or surrounding spaces).
 */
export function campusLabels<T extends { id: string; campusId: string }>(
  items: readonly T[],
  nameOf: (item: T) => string,
  campuses: ReadonlyArray<{ id: string; name: string }>,
): Map<string, string> {
  const key = (item: T) => nameOf(item).trim().toLocaleLowerCase();
  const uses = new Map<string, number>();
  for (const item of items) uses.set(key(item), (uses.get(key(item)) ?? 0) + 1);
  const campusName = new Map(campuses.map((c) => [c.id, c.name]));
  return new Map(
    items.map((item) => [
      item.id,
      (uses.get(key(item)) ?? 0) > 1
        ? withCampus(nameOf(item), campusName.get(item.campusId) ?? '')
        : nameOf(item),
    ]),
  );
}

/**
 * The choices of a picker of records that belong to a campus (classrooms in the facilitator
 * editor): each labelled with its name, and with its campus's too where the name repeats. Records
 * not yet saved (no id) are not offered.
 */
export function campusChoices(
  items: ReadonlyArray<{ id?: string; name: string; campusId: string }>,
  campuses: ReadonlyArray<{ id?: string; name: string }>,
): Array<{ value: string; label: string }> {
  const saved = items.flatMap((item) => (item.id ? [{ ...item, id: item.id }] : []));
  const named = campuses.flatMap((c) => (c.id ? [{ id: c.id, name: c.name }] : []));
  const labels = campusLabels(saved, (item) => item.name, named);
  return saved.map((item) => ({ value: item.id, label: labels.get(item.id) ?? item.name }));
}
