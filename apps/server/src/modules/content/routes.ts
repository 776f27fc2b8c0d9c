import multipart from '@fastify/multipart';
import { commonProp, commonProps } from '@piazza/contract/calls/content';
import { isContentKey } from '@piazza/contract/content-keys';
import type { Language } from '@piazza/contract/wire';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { implement } from '../../http/implement';
import { openBlobStore } from '../../platform/blob-store-open';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { mountContentEditor } from './editor';
import { newsImportJob } from './feeds';
import { mountImages } from './images';
import { mountNews } from './news-routes';
import { type ContentText, readText } from './pages';

/** At most this many keys in one /common/props call. */
const propsKeysMax = 20;

async function textOf(q: Queryable, key: string, lang: Language): Promise<ContentText> {
  const text = isContentKey(key) ? await readText(q, key, lang) : undefined;
  if (!text) throw new Refusal('content.key.unknown', [key]);
  return text;
}

/**
 * Operator-authored texts for the investor app (DESIGN.md §11), in the caller's language, and the back
 * office's editor of them; news, banners and polls (issue 15), their images, and the feed importer's job.
 * Multipart is registered inside this module's own scope: only the image upload accepts a file here.
 */
export async function registerContent(app: FastifyInstance, services: Services): Promise<void> {
  mountContentEditor(app, services);
  const blobs = openBlobStore(services.config.dataDir);
  await app.register(async (scope) => {
    await scope.register(multipart);
    mountImages(scope, services, blobs);
  });
  mountNews(app, services);
  services.jobs.define(newsImportJob(services));
  implement(app, services, commonProp, async ({ input, q, lang }) => textOf(q, input.key, lang));

  implement(app, services, commonProps, async ({ input, q, lang }) => {
    const keys = [
      ...new Set(
        input.keys
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      ),
    ];
    if (keys.length > propsKeysMax) throw new Refusal('content.keys.tooMany', [propsKeysMax]);
    const list: ContentText[] = [];
    for (const key of keys) list.push(await textOf(q, key, lang));
    return { list };
  });
}
