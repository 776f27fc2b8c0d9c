import { createHash, createHmac } from 'node:crypto';
import type { BlobStore } from './blob-store';

/*
 * An S3-compatible blob store (AWS S3, MinIO, Ceph, R2, …) over plain fetch with our own AWS Signature
 * Version 4: two requests (PUT and GET of one object) do not justify the AWS SDK. Path-style addressing
 * (`endpoint/bucket/key`), which every S3-compatible server accepts.
 */

export interface S3Options {
  /** https://s3.eu-south-1.amazonaws.com, http://minio:9000, … */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (which are added). */
  headers?: Record<string, string>;
  payloadHash: string;
  date: Date;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 unreserved characters stay, everything else is %XX; '/' is kept in paths. */
function uriEncode(text: string, keepSlash: boolean): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** The x-amz-date form of a time: 20130524T000000Z. */
export const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The canonical request of SigV4 (exported so tests can hold it against AWS's worked example). */
export function canonicalRequest(input: SignInput): {
  text: string;
  signedHeaders: string;
  all: Record<string, string>;
} {
  const all: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate(input.date),
  };
  const names = Object.keys(all).sort();
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const text = [
    input.method,
    uriEncode(decodeURIComponent(input.url.pathname), true),
    query,
    names.map((n) => `${n}:${all[n]}\n`).join(''),
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  return { text, signedHeaders: names.join(';'), all };
}

/** Signs a request: answers every header to send, Authorization included. */
export function signV4(input: SignInput): Record<string, string> {
  const service = input.service ?? 's3';
  const { text, signedHeaders, all } = canonicalRequest(input);
  const day = amzDate(input.date).slice(0, 8);
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate(input.date), scope, sha256(text)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...rest } = all;
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

export function s3BlobStore(opts: S3Options, now: () => Date = () => new Date()): BlobStore {
  const base = opts.endpoint.replace(/\/+$/, '');
  const urlOf = (key: string) => new URL(`${base}/${uriEncode(opts.bucket, false)}/${uriEncode(key, true)}`);
  const sign = (method: string, url: URL, payloadHash: string, headers: Record<string, string> = {}) =>
    signV4({
      method,
      url,
      headers,
      payloadHash,
      date: now(),
      region: opts.region,
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
    });

  return {
    async put(key, bytes) {
      const url = urlOf(key);
      const headers = sign('PUT', url, sha256(bytes), { 'content-type': 'application/octet-stream' });
      const res = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(bytes) });
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
    },
    async get(key) {
      const url = urlOf(key);
      const res = await fetch(url, { method: 'GET', headers: sign('GET', url, sha256('')) });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status} ${await res.text()}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
