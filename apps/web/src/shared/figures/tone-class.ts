import type { ProfitTone } from './figure-text';
import styles from './figures.module.css';

/** The class that colours a figure by its tone: green gain, red loss, plain for none. */
export function toneClass(tone: ProfitTone): string | undefined {
  return tone === null ? undefined : styles[tone];
}
