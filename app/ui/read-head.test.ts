import { describe, expect, it } from 'vitest';
import { sniff, SNIFF_LENGTH } from '~/domain/file-sniff';
import { readHead } from './read-head';

describe('reading the first bytes of a file', () => {
  it('reads only the first SNIFF_LENGTH bytes, whatever the size', async () => {
    const big = new File(['%PDF-1.7\n', 'x'.repeat(SNIFF_LENGTH * 3)], 'big.pdf');
    const head = await readHead(big);
    expect(head).toHaveLength(SNIFF_LENGTH);
    expect(sniff(head).kind).toBe('pdf');
    expect(await readHead(new Blob([]))).toHaveLength(0);
  });

  it('reads the bytes as they are, not as text', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).buffer]);
    expect(sniff(await readHead(png)).kind).toBe('png');
  });
});
