/*
 * Uploaded documents are recognised by their first bytes, never by name or declared type, and JPEG and PNG
 * lose the metadata that can carry a location, a device or a name (EXIF, XMP, IPTC, text chunks) before they
 * are stored. A file that claims a format but does not walk as one is refused.
 */

export type DocumentKind = 'jpeg' | 'png' | 'pdf';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The kind of a file by its magic bytes, or null for anything else (HTML, text, GIF, …). */
export function detectKind(bytes: Buffer): DocumentKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(pngSignature)) return 'png';
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

/** APP1 (EXIF, XMP), APP13 (IPTC, Photoshop) and COM (free text). */
const jpegDropped = new Set([0xe1, 0xed, 0xfe]);

/**
 * Copies a JPEG without its metadata segments; null when the segment structure is broken. Segments are
 * walked up to the first start of scan; what follows is image data and is copied as it is.
 */
export function stripJpegMetadata(bytes: Buffer): Buffer | null {
  if (detectKind(bytes) !== 'jpeg') return null;
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === undefined) return null;
    // Fill bytes: a marker may be preceded by any number of 0xFF.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: TEM and RSTn; EOI ends the image.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (marker === 0xd9) {
      parts.push(bytes.subarray(at, at + 2));
      return Buffer.concat(parts);
    }
    if (at + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === 0xda) {
      parts.push(bytes.subarray(at));
      return Buffer.concat(parts);
    }
    if (!jpegDropped.has(marker)) parts.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

const pngDropped = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

/** Copies a PNG without its EXIF and text chunks; null when the chunk structure is broken or IEND is missing. */
export function stripPngMetadata(bytes: Buffer): Buffer | null {
  if (detectKind(bytes) !== 'png') return null;
  const parts: Buffer[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return null;
    if (!pngDropped.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(parts);
  }
  return null;
}

/** The bytes to store for an upload: its kind and the cleaned bytes, or null when it is not accepted. */
export function sanitiseDocument(bytes: Buffer): { kind: DocumentKind; bytes: Buffer } | null {
  const kind = detectKind(bytes);
  if (kind === 'jpeg') {
    const clean = stripJpegMetadata(bytes);
    return clean ? { kind, bytes: clean } : null;
  }
  if (kind === 'png') {
    const clean = stripPngMetadata(bytes);
    return clean ? { kind, bytes: clean } : null;
  }
  if (kind === 'pdf') return { kind, bytes };
  return null;
}
