import { commonProp, commonProps } from '@piazza/contract/calls/content';
import { isContentKey } from '@piazza/contract/content-keys';
import type { Language } from '@piazza/contract/wire';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { implement } from '../../http/implement';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { mountContentEditor } from './editor';
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
 * office's editor of them.
 */
export async function registerContent(app: FastifyInstance, services: Services): Promise<void> {
  mountContentEditor(app, services);
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
