import { randomBytes } from 'node:crypto';
import type { App } from '../src/app';
import { gradientPng } from '../src/modules/content/demo-png';
import { call } from './helper';

/* Steps of the news, banner and vote tests: an operator's image upload as a browser sends it, and saves. */

export const pngBytes = () => gradientPng(8, 4, [10, 20, 30], [200, 210, 220]);

/** POST /admin/content/image as a browser form with one file field. */
export async function uploadImage(
  app: App,
  token: string,
  file: { name: string; type: string; bytes: Buffer },
  lang = 'en-US',
): Promise<{ code: number; msg: string; data: { id: string; url: string; kind: string } }> {
  const boundary = `----news${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const res = await app.inject({
    method: 'POST',
    url: '/ipcg-api/admin/content/image',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'access-token': token,
      'accept-language': lang,
    },
  });
  return res.json();
}

export const articleDraft = (over: Record<string, string | number> = {}) => ({
  titleIt: 'Titolo di prova',
  titleEn: 'Test title',
  bodyIt: '<p>Testo in italiano</p>',
  bodyEn: '<p>English text</p>',
  symbols: 'eni.mi, ISP.MI',
  publishAt: 0,
  ...over,
});

export const saveArticle = (
  app: App,
  token: string,
  draft: Record<string, string | number>,
  lang = 'en-US',
) =>
  call<{ id: number; symbols: string[]; bodyEn: string }>(app, 'POST', '/admin/news/save', draft, {
    token,
    lang,
  });
