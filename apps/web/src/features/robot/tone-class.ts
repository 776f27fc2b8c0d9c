import styles from './robot.module.css';
import type { ProfitTone } from './robot-figures';

/** The class that colours a figure by its tone: green gain, red loss, plain for none. */
export function toneClass(tone: ProfitTone): string | undefined {
  return tone === null ? undefined : styles[tone];
}
