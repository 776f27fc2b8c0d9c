import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-path';

const dark = (d: string, col: number, row: number) => d.includes(`M${col} ${row}h1v1h-1z`);

describe('a deposit address as a QR code', () => {
  it('has the three finder squares in its corners', () => {
    const { size, d } = qrPath('0x52908400098527886E0F7030069857D2E4169EE7');
    expect(size).toBeGreaterThanOrEqual(21);
    for (const [col, row] of [
      [0, 0],
      [size - 1, 0],
      [0, size - 1],
    ] as const) {
      expect(dark(d, col, row)).toBe(true);
    }
    // A finder is a dark ring, a light ring and a dark 3×3 core, with a light separator outside.
    for (let i = 0; i < 7; i++) expect(dark(d, i, 0)).toBe(true);
    for (let i = 1; i < 6; i++) expect(dark(d, i, 1)).toBe(false);
    expect(dark(d, 3, 3)).toBe(true);
    for (let i = 0; i < 8; i++) expect(dark(d, 7, i)).toBe(false);
  });

  it('grows with the text and is the same for the same text', () => {
    const short = qrPath('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    const long = qrPath(`bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?label=${'x'.repeat(80)}`);
    expect(long.size).toBeGreaterThan(short.size);
    expect(qrPath('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toEqual(short);
  });
});
