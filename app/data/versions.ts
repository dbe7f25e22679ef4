// Version strings of the form major.minor.patch (spec §3, §4 "Version check"). Shared by the sync
// engine (collection versions) and the app's new-version check.

interface ParsedVersion {
  major: number;
  minor: number;
  patch: number;
}

/** Parses "1.2.3" (missing parts count as 0); returns null for anything that is not a version. */
export function parseVersion(value: string | null | undefined): ParsedVersion | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(value);
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2] ?? 0),
    patch: Number(match[3] ?? 0),
  };
}

/**
 * Compares two versions numerically by major, then minor, then patch ("1.10.0" > "1.9.0").
 * Returns a negative number, 0 or a positive number. An unparsable version sorts below any valid one.
 */
export function compareVersions(
  a: string | null | undefined,
  b: string | null | undefined,
): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return (pa ? 1 : 0) - (pb ? 1 : 0);
  return pa.major - pb.major || pa.minor - pb.minor || pa.patch - pb.patch;
}

/** True when `offered` is strictly greater than `current`. An equal or missing offer is no update. */
export function isNewerVersion(
  offered: string | null | undefined,
  current: string | null | undefined,
): boolean {
  if (!parseVersion(offered)) return false;
  return compareVersions(offered, current) > 0;
}

/** True when `offered` has a higher major version than `current` (a full resync is needed). */
export function isNewerMajorVersion(
  offered: string | null | undefined,
  current: string | null | undefined,
): boolean {
  const po = parseVersion(offered);
  const pc = parseVersion(current);
  if (!po) return false;
  return !pc || po.major > pc.major;
}
