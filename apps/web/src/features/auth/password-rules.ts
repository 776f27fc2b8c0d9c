import { checkLoginPassword, checkPasswordsMatch } from '@piazza/core/validation';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { requiredRule, ruleMessage, ruleValidator } from '../../shared/forms/rule-message';

/** A new login password: required, 6–20 characters (SPEC §5, the same rule the server applies). */
export function newPasswordRules(label: string) {
  return [requiredRule(label), { validator: ruleValidator(checkLoginPassword) }];
}

/** The repeated password: required and equal to the field `passwordField` of the same form. */
export function confirmPasswordRules(form: FormInstance, label: string, passwordField = 'password') {
  return [
    requiredRule(label),
    {
      validator: async (_rule: unknown, value: unknown) => {
        if (typeof value !== 'string' || value === '') return;
        const key = checkPasswordsMatch(String(form.getFieldValue(passwordField) ?? ''), value);
        if (key) throw new Error(ruleMessage(key));
      },
    },
  ];
}
