// The spec's version comparison (§4 "Version check"): a new version is needed only when the offered
// version is greater than the current one, compared numerically by major, then minor, then patch.
// Anything that is not three whole numbers counts as "missing", and missing means no update: a
// damaged latest.json must never put a permanent "new version" notice on every page.

/** Parses `major.minor.patch` (whole numbers, optional leading `v`); anything else is null. */
export function parseVersion(value: unknown): [number, number, number] | null {
  if (typeof value !== 'string') return null;
  const match = /^v?(\d{1,9})\.(\d{1,9})\.(\d{1,9})$/.exec(value.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** True when `offered` is strictly newer than `current`; equal, missing or malformed is false. */
export function isNewerVersion(offered: unknown, current: unknown): boolean {
  const next = parseVersion(offered);
  const now = parseVersion(current);
  if (!next || !now) return false;
  for (const [part, value] of next.entries()) {
    const other = now[part] ?? 0;
    if (value !== other) return value > other;
  }
  return false;
}
