import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { App } from '../src/app';
import { call } from './helper';

/*
 * Files and steps the KYC tests share: small but well-formed JPEG, PNG and PDF documents with metadata that
 * must not survive the upload, a multipart upload as a browser sends it, and a complete valid KYC form.
 */

export const secretMark = 'GPS 45.4642N 9.1900E Mario Rossi iPhone';

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A JPEG with JFIF, an EXIF APP1, an IPTC APP13 and a comment, then a scan. */
export function jpegWithExif(seed = 'a'): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(secretMark)])),
    segment(0xed, Buffer.from(`Photoshop 3.0\0${secretMark}`, 'latin1')),
    segment(0xfe, Buffer.from(secretMark)),
    segment(0xdb, Buffer.alloc(65, 1)),
    segment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from(`scan-data-${seed}`, 'latin1'),
    Buffer.from([0xff, 0xd9]),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

/** A real 1×1 PNG with tEXt, zTXt, iTXt and eXIf chunks. */
export function pngWithText(): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('tEXt', Buffer.from(`Comment\0${secretMark}`, 'latin1')),
    chunk('zTXt', Buffer.concat([Buffer.from('Author\0\0', 'latin1'), deflateSync(secretMark)])),
    chunk('iTXt', Buffer.from(`Description\0\0\0\0\0${secretMark}`, 'latin1')),
    chunk('eXIf', Buffer.from(`MM\0*${secretMark}`, 'latin1')),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pdfBytes = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

export interface Uploaded {
  id: string;
  kind: 'jpeg' | 'png' | 'pdf';
  size: number;
  url: string;
}

/** POST /common/upload as a browser form with one file field. */
export async function upload(
  app: App,
  token: string | undefined,
  file: { name: string; type: string; bytes: Buffer },
  lang = 'en-US',
): Promise<{ code: number; msg: string; data: Uploaded }> {
  const boundary = `----piazza${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const headers: Record<string, string> = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'accept-language': lang,
  };
  if (token) headers['access-token'] = token;
  const res = await app.inject({ method: 'POST', url: '/ipcg-api/common/upload', payload, headers });
  return res.json();
}

/** Uploads a front and a back image and answers their ids. */
export async function uploadPair(app: App, token: string): Promise<{ frontId: string; backId: string }> {
  const front = await upload(app, token, {
    name: 'front.jpg',
    type: 'image/jpeg',
    bytes: jpegWithExif('front'),
  });
  const back = await upload(app, token, { name: 'back.png', type: 'image/png', bytes: pngWithText() });
  if (front.code !== 0 || back.code !== 0) throw new Error(`upload refused: ${front.msg} ${back.msg}`);
  return { frontId: front.data.id, backId: back.data.id };
}

/** A complete, valid form for the test clock's day (2026-11-23). */
export function validForm(docs: { frontId: string; backId: string }): Record<string, string> {
  return {
    certType: 'id_card',
    realName: 'Giulia Bianchi',
    certNo: 'CA12345AB',
    birthday: '1990-05-17',
    address: 'Via Roma 1, 20121 Milano',
    nationality: 'IT',
    validUntil: '2030-01-31',
    purpose: 'investing',
    fundSource: 'salary',
    incomeRange: '20k_50k',
    assetRange: '50k_250k',
    objective: 'growth',
    riskPreference: 'medium',
    experience: 'basic',
    privacy: '1',
    ...docs,
  };
}

/** Uploads two documents and submits a valid form; the user is then pending. */
export async function submitKyc(app: App, token: string, overrides: Record<string, string> = {}) {
  const docs = await uploadPair(app, token);
  const res = await call<{ idStatus: string }>(
    app,
    'POST',
    '/user/info',
    { ...validForm(docs), ...overrides },
    { token },
  );
  if (res.code !== 0) throw new Error(`KYC refused: ${res.msg}`);
  return docs;
}
