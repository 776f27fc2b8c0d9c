import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectKind, stripJpegMetadata, stripPngMetadata } from '../src/platform/image-sanitise';
import { countRows, demoAdmin, demoSupport, operatorWithRole, signIn } from './admin-fixtures';
import { createTestApp, type TestApp, TestClock } from './helper';
import { registerInvestor } from './identity-steps';
import { jpegWithExif, pdfBytes, pngWithText, secretMark, upload } from './kyc-steps';

let t: TestApp;
let dataDir: string;
let alice: string;
let bob: string;
const clock = new TestClock();

async function blobFiles(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else found.push(p);
    }
  };
  await walk(path.join(dataDir, 'blobs'));
  return found;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'piazza-kyc-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir }, clock });
  alice = (await registerInvestor(t.app, '3331000001')).token;
  bob = (await registerInvestor(t.app, '3331000002')).token;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const read = (url: string, token: string | undefined, lang = 'en-US') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-language': lang, ...(token ? { 'access-token': token } : {}) },
  });

describe('the sanitiser', () => {
  it('knows the three kinds by their first bytes only', () => {
    expect(detectKind(jpegWithExif())).toBe('jpeg');
    expect(detectKind(pngWithText())).toBe('png');
    expect(detectKind(pdfBytes())).toBe('pdf');
    expect(detectKind(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(detectKind(Buffer.from('GIF89a'))).toBeNull();
  });

  it('drops APP1, APP13 and comments from a JPEG and keeps the rest byte for byte', () => {
    const clean = stripJpegMetadata(jpegWithExif());
    expect(clean).not.toBeNull();
    expect(clean!.includes(secretMark)).toBe(false);
    expect(clean!.includes('Exif')).toBe(false);
    expect(clean!.includes('JFIF')).toBe(true);
    expect(clean!.includes('scan-data-a')).toBe(true);
    expect(clean!.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('drops eXIf and text chunks from a PNG and keeps the image chunks', () => {
    const clean = stripPngMetadata(pngWithText());
    expect(clean!.includes(secretMark)).toBe(false);
    for (const kept of ['IHDR', 'IDAT', 'IEND']) expect(clean!.includes(kept)).toBe(true);
    for (const gone of ['tEXt', 'zTXt', 'iTXt', 'eXIf']) expect(clean!.includes(gone)).toBe(false);
  });

  it('refuses a file that starts like an image but does not walk as one', () => {
    expect(stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 1]))).toBeNull();
    expect(stripPngMetadata(pngWithText().subarray(0, 40))).toBeNull();
  });
});

describe('POST /common/upload', () => {
  it('stores a JPEG without its EXIF, outside the web root, and gives it back to its owner only', async () => {
    const res = await upload(t.app, alice, { name: 'front.jpg', type: 'image/jpeg', bytes: jpegWithExif() });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.kind).toBe('jpeg');
    expect(res.data.url).toBe(`/ipcg-api/user/kyc/document?id=${res.data.id}`);
    const stored = await blobFiles();
    expect(stored.some((f) => f.endsWith(res.data.id))).toBe(true);

    const mine = await read(res.data.url, alice);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(String(mine.headers['content-disposition'])).toMatch(
      /^inline; filename="document-[a-f0-9]{32}\.jpg"$/,
    );
    expect(mine.rawPayload.includes(secretMark)).toBe(false);
    expect(mine.rawPayload.length).toBe(res.data.size);

    // Bob cannot read Alice's document: answered exactly as an id that does not exist.
    const theirs = await read(res.data.url, bob, 'it-IT');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 404, msg: 'Documento non trovato', data: null });
    expect(theirs.rawPayload.includes('JFIF')).toBe(false);
    const unknown = await read(`/ipcg-api/user/kyc/document?id=${'0'.repeat(32)}`, bob, 'it-IT');
    expect(unknown.json()).toEqual(theirs.json());
    // Without a session: the app's -1000.
    expect((await read(res.data.url, undefined)).json().code).toBe(-1000);
  });

  it('stores a PNG named .pdf as the PNG it is, without its text chunks', async () => {
    const res = await upload(t.app, alice, {
      name: 'scan.pdf',
      type: 'application/pdf',
      bytes: pngWithText(),
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.kind).toBe('png');
    const got = await read(res.data.url, alice);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.includes(secretMark)).toBe(false);
  });

  it('accepts a PDF and serves it only as an attachment', async () => {
    const res = await upload(t.app, alice, { name: 'carta.pdf', type: 'application/pdf', bytes: pdfBytes() });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.kind).toBe('pdf');
    const got = await read(res.data.url, alice);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(String(got.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(got.headers['content-security-policy']).toContain('sandbox');
    expect(got.rawPayload.equals(pdfBytes())).toBe(true);
  });

  it('refuses HTML or text disguised as a JPEG and stores nothing', async () => {
    const rows = await countRows(t.db, 'kyc_documents');
    const files = (await blobFiles()).length;
    for (const bytes of [Buffer.from('<!doctype html><script>alert(1)</script>'), Buffer.from('just text')]) {
      const en = await upload(t.app, alice, { name: 'photo.jpg', type: 'image/jpeg', bytes });
      expect(en).toMatchObject({ code: -1001, msg: 'Only JPEG, PNG or PDF files can be uploaded' });
      const it = await upload(t.app, alice, { name: 'photo.jpg', type: 'image/jpeg', bytes }, 'it-IT');
      expect(it.msg).toBe('Puoi caricare solo file JPEG, PNG o PDF');
    }
    expect(await countRows(t.db, 'kyc_documents')).toBe(rows);
    expect((await blobFiles()).length).toBe(files);
  });

  it('accepts a photo just under 10 MB, far above the 1 MB limit of form bodies', async () => {
    const jpeg = jpegWithExif();
    // Image data padded before the end-of-image marker, as a large camera photo would be.
    const big = Buffer.concat([
      jpeg.subarray(0, -2),
      Buffer.alloc(10 * 1024 * 1024 - jpeg.length - 1024),
      jpeg.subarray(-2),
    ]);
    const res = await upload(t.app, alice, { name: 'IMG_0001.JPG', type: 'image/jpeg', bytes: big });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.size).toBe(big.length - (jpeg.length - stripJpegMetadata(jpeg)!.length));
  });

  it('refuses a file over 10 MB and stores nothing', async () => {
    const rows = await countRows(t.db, 'kyc_documents');
    const big = Buffer.concat([jpegWithExif(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(t.app, alice, { name: 'big.jpg', type: 'image/jpeg', bytes: big }, 'it-IT');
    expect(res).toMatchObject({ code: -1001, msg: 'Il file supera i 10 MB' });
    expect(await countRows(t.db, 'kyc_documents')).toBe(rows);
  });

  it('refuses an upload without a file, and one without a session', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/ipcg-api/common/upload',
      payload: '',
      headers: {
        'accept-language': 'en-US',
        'access-token': alice,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(form.json()).toMatchObject({ code: -1001, msg: 'Choose a file to upload' });
    const boundary = 'piazza-no-file';
    const fieldOnly = await t.app.inject({
      method: 'POST',
      url: '/ipcg-api/common/upload',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: {
        'accept-language': 'en-US',
        'access-token': alice,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(fieldOnly.json()).toMatchObject({ code: -1001, msg: 'Choose a file to upload' });
    const guest = await upload(t.app, undefined, {
      name: 'a.jpg',
      type: 'image/jpeg',
      bytes: jpegWithExif(),
    });
    expect(guest.code).toBe(-1000);
  });
});

describe('the daily upload allowance', () => {
  it('refuses the 31st upload in a rolling day and allows it again the next day', async () => {
    const { token } = await registerInvestor(t.app, '3331000003');
    for (let i = 0; i < 30; i++) {
      const res = await upload(t.app, token, {
        name: `p${i}.pdf`,
        type: 'application/pdf',
        bytes: pdfBytes(),
      });
      expect(res.code, res.msg).toBe(0);
    }
    const rows = await countRows(t.db, 'kyc_documents');
    const refused = await upload(
      t.app,
      token,
      { name: 'one-more.pdf', type: 'application/pdf', bytes: pdfBytes() },
      'it-IT',
    );
    expect(refused).toMatchObject({
      code: -1001,
      msg: 'Hai caricato 30 file nelle ultime 24 ore: riprova più tardi',
    });
    expect(await countRows(t.db, 'kyc_documents')).toBe(rows);
    clock.advance(24 * 60 * 60_000 + 1);
    expect(
      (await upload(t.app, token, { name: 'next-day.pdf', type: 'application/pdf', bytes: pdfBytes() })).code,
    ).toBe(0);
  });
});

describe('GET /admin/kyc/document', () => {
  it('serves any document to compliance and admin, and refuses support', async () => {
    const res = await upload(t.app, bob, { name: 'b.png', type: 'image/png', bytes: pngWithText() });
    const adminUrl = `/ipcg-api/admin/kyc/document?id=${res.data.id}`;
    const admin = await signIn(t.app, demoAdmin);
    const compliance = await operatorWithRole(t.app, admin, 'compliance');
    const support = await signIn(t.app, demoSupport);
    expect((await read(adminUrl, admin)).headers['content-type']).toBe('image/png');
    expect((await read(adminUrl, compliance)).statusCode).toBe(200);
    expect((await read(adminUrl, support)).json()).toMatchObject({
      code: -1001,
      msg: 'Your role does not allow this action',
    });
    // An investor's token is not an operator's.
    expect((await read(adminUrl, bob)).json().code).toBe(-1000);
  });
});
