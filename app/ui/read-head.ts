// The first bytes of a picked file or a downloaded blob, for the sniffing in app/domain/file-sniff.ts
// (which is pure and takes bytes). Only SNIFF_LENGTH bytes are read, however large the file.
import { SNIFF_LENGTH } from '~/domain/file-sniff';

export async function readHead(blob: Blob): Promise<Uint8Array> {
  const part = blob.slice(0, SNIFF_LENGTH);
  // Every browser has Blob.arrayBuffer; jsdom (the unit tests) has only FileReader.
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = reader.result;
      if (result instanceof ArrayBuffer) resolve(new Uint8Array(result));
      else reject(new Error('The file could not be read.'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(part);
  });
}
