import { crc32, deflateSync } from 'node:zlib';

/*
 * Demo mode's covers and banner, drawn here rather than shipped as files: a PNG of a vertical gradient
 * between two colours, with a lighter band across it. Real covers are uploaded by operators.
 */

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function gradientPng(width: number, height: number, top: Rgb, bottom: Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const f = height > 1 ? y / (height - 1) : 0;
    const band = Math.abs(y - height * 0.62) < height * 0.06 ? 40 : 0;
    const at = y * (width * 3 + 1);
    rows[at] = 0; // no filter
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        const v = Math.round((top[c] as number) * (1 - f) + (bottom[c] as number) * f) + band;
        rows[at + 1 + x * 3 + c] = Math.min(255, v);
      }
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
