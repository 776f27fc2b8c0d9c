import { describe, expect, it } from 'vitest';
import { checkDocument, documentMaxBytes, sniffDocument } from './document-file';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const pdf = new TextEncoder().encode('%PDF-1.7');
const html = new TextEncoder().encode('<html><b');

describe('a chosen document', () => {
  it('is known by its content', () => {
    expect(sniffDocument(png)).toBe('png');
    expect(sniffDocument(jpeg)).toBe('jpeg');
    expect(sniffDocument(pdf)).toBe('pdf');
  });

  it('is refused when it is anything else, whatever it is called', () => {
    expect(sniffDocument(html)).toBeNull();
    expect(sniffDocument(new Uint8Array())).toBeNull();
    expect(checkDocument(html, 100)).toEqual({ ok: false, problem: 'type' });
  });

  it('may be 10 MB and not a byte more', () => {
    expect(checkDocument(jpeg, documentMaxBytes)).toEqual({ ok: true, kind: 'jpeg' });
    expect(checkDocument(jpeg, documentMaxBytes + 1)).toEqual({ ok: false, problem: 'size' });
  });
});
