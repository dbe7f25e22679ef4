// Ids for imported records, derived from what makes the record itself (a student's name and date of
// birth, a family's guardian e-mail, a facilitator's e-mail). Running the same file twice, or again
// after an import stopped half-way, writes the same documents instead of second copies: the id is
// chosen on the client, as every create in this app is, but it is the same id each time.

/** cyrb53: a fast 53-bit string hash, plenty to keep a centre's few thousand keys apart. */
function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Lower case, single spaces, no accents: "  Ásha   RAO " and "asha rao" are the same person. */
export function normaliseKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/** `imp-<prefix>-<14 hex digits>` from the key's parts. */
export function importId(prefix: 'stu' | 'fam' | 'fac', ...parts: string[]): string {
  const key = parts.map(normaliseKey).join('|');
  return `imp-${prefix}-${hash53(key).toString(16).padStart(14, '0')}`;
}
