import { translate } from '@piazza/contract/messages/catalogue';
import type { Language } from '@piazza/contract/wire';

/*
 * A refusal reaches the app as its localised text only (the envelope's `data` is null for the AI and fund
 * calls), so a ticket recognises "ai.riskAck" or "fund.riskAck" by its catalogue text with any values in the
 * placeholders.
 */

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `msg` is the text of the refusal `key` in `lang`, whatever fills its placeholders. */
export function isRefusalText(msg: string, key: string, lang: Language): boolean {
  const template = translate(lang, key);
  if (template === key) return false;
  const pattern = template
    .split(/\{\d+\}/)
    .map(literal)
    .join('.+?');
  return new RegExp(`^${pattern}$`).test(msg.trim());
}
