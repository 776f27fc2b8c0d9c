import { create } from 'qrcode';

/** A QR code as one SVG path of unit squares on a `size` × `size` grid (no quiet zone). */
export interface QrPath {
  size: number;
  d: string;
}

/**
 * The QR code of `text`, drawn here rather than fetched from a QR service: a deposit address must never
 * leave the browser to be rendered. Level M survives a scratched or dimmed screen when photographed.
 */
export function qrPath(text: string): QrPath {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, d: parts.join('') };
}
