import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBlobStore } from '../src/platform/blob-store-open';
import { canonicalRequest, s3BlobStore, signV4 } from '../src/platform/blob-store-s3';
import { createTestApp } from './helper';
import { registerInvestor } from './identity-steps';
import { jpegWithExif, secretMark, upload } from './kyc-steps';

const example = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  date: new Date(Date.UTC(2013, 4, 24)),
};
const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('AWS Signature Version 4', () => {
  it('matches the worked GET Object example of the S3 documentation', () => {
    const input = {
      ...example,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: emptyHash,
    };
    expect(canonicalRequest(input).text).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${emptyHash}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        emptyHash,
      ].join('\n'),
    );
    expect(signV4(input).authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/** A minimal S3: objects in a map, every request's signature recomputed and checked. */
function fakeS3(secretAccessKey: string) {
  const objects = new Map<string, Buffer>();
  const seen: string[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const auth = String(req.headers.authorization ?? '');
    const signed = (auth.match(/SignedHeaders=([^,]+)/)?.[1] ?? '').split(';');
    const headers = Object.fromEntries(
      signed
        .filter((h) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(h))
        .map((h) => [h, String(req.headers[h])]),
    );
    const stamp = String(req.headers['x-amz-date']);
    const date = new Date(
      stamp.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    const expected = signV4({
      method: req.method ?? 'GET',
      url,
      headers,
      payloadHash: String(req.headers['x-amz-content-sha256']),
      date,
      region: 'eu-south-1',
      accessKeyId: 'PIAZZATEST',
      secretAccessKey,
    }).authorization;
    seen.push(`${req.method} ${url.pathname}`);
    if (auth !== expected) return res.writeHead(403).end('SignatureDoesNotMatch');
    if (req.method === 'PUT') {
      objects.set(url.pathname, body);
      return res.writeHead(200).end();
    }
    const found = objects.get(url.pathname);
    if (!found) return res.writeHead(404).end('NoSuchKey');
    return res.writeHead(200).end(found);
  });
  return { server, objects, seen };
}

describe('the S3-compatible blob store', () => {
  const fake = fakeS3('top-secret');
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  const options = () => ({
    endpoint,
    region: 'eu-south-1',
    bucket: 'piazza-docs',
    accessKeyId: 'PIAZZATEST',
    secretAccessKey: 'top-secret',
  });

  it('puts and gets an object with signed requests, and answers null for a missing one', async () => {
    const store = s3BlobStore(options());
    await store.put('kyc/7/abc', Buffer.from('hello'));
    expect(fake.seen).toContain('PUT /piazza-docs/kyc/7/abc');
    expect((await store.get('kyc/7/abc'))?.toString()).toBe('hello');
    expect(await store.get('kyc/7/nothing')).toBeNull();
  });

  it('fails loudly when the server refuses the signature', async () => {
    const wrong = s3BlobStore({ ...options(), secretAccessKey: 'not-it' });
    await expect(wrong.put('kyc/7/x', Buffer.from('x'))).rejects.toThrow(/403/);
  });

  it('is chosen by BLOB_S3_BUCKET, refuses half a configuration, and carries uploads end to end', async () => {
    expect(() => openBlobStore('/tmp', { BLOB_S3_BUCKET: 'b', BLOB_S3_ENDPOINT: endpoint })).toThrow(
      /BLOB_S3_ACCESS_KEY_ID, BLOB_S3_SECRET_ACCESS_KEY/,
    );
    const env = {
      BLOB_S3_BUCKET: 'piazza-docs',
      BLOB_S3_ENDPOINT: endpoint,
      BLOB_S3_REGION: 'eu-south-1',
      BLOB_S3_ACCESS_KEY_ID: 'PIAZZATEST',
      BLOB_S3_SECRET_ACCESS_KEY: 'top-secret',
    };
    // The module reads the process environment at start, as a deployment would set it.
    const saved = { ...process.env };
    Object.assign(process.env, env);
    const t = await createTestApp({ env: { DATA_DIR: '/nonexistent/piazza-must-not-write-here' } });
    try {
      const { token } = await registerInvestor(t.app, '3334000001');
      const res = await upload(t.app, token, { name: 'f.jpg', type: 'image/jpeg', bytes: jpegWithExif() });
      expect(res.code, res.msg).toBe(0);
      expect([...fake.objects.keys()].some((k) => k.endsWith(res.data.id))).toBe(true);
      const got = await t.app.inject({
        method: 'GET',
        url: res.data.url,
        headers: { 'access-token': token },
      });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.includes(secretMark)).toBe(false);
    } finally {
      await t.close();
      for (const k of Object.keys(env)) delete process.env[k];
      Object.assign(process.env, saved);
    }
  });
});
