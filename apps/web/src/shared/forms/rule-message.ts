import { translate } from '@piazza/contract/messages/catalogue';
import { currentLanguage } from '../../i18n/i18n';

/**
 * The text of a validation rule broken on this side (packages/core answers the same message keys the server
 * refuses with), in the current language, so a field says what the server would have said.
 */
export function ruleMessage(key: string, params: readonly (string | number)[] = []): string {
  return translate(currentLanguage(), key, params);
}

/**
 * An antd-mobile Form validator from a core check that answers a message key or null. An empty field is left
 * to the required rule, so it gets one message, not two.
 */
export function ruleValidator(check: (value: string) => string | null) {
  return async (_rule: unknown, value: unknown) => {
    if (typeof value !== 'string' || value === '') return;
    const key = check(value);
    if (key) throw new Error(ruleMessage(key));
  };
}

/** The "{0} is required" rule, naming the field by its label. */
export function requiredRule(label: string) {
  return { required: true, whitespace: true, message: ruleMessage('field.required', [label]) };
}
