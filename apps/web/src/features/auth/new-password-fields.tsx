import { Form, Input } from 'antd-mobile';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, newPasswordRules } from './password-rules';

interface NewPasswordFieldsProps {
  form: FormInstance;
  /** Labels of the two fields (register says "Password", the change page "New password"). */
  passwordLabel: string;
  confirmLabel: string;
  /** Test ids of the two inputs, as the journeys know them. */
  testIds: { password: string; confirm: string };
}

/** A new login password typed twice, checked with the same rules the server applies (SPEC §5). */
export function NewPasswordFields({ form, passwordLabel, confirmLabel, testIds }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={passwordLabel} rules={newPasswordRules(passwordLabel)}>
        <Input
          type="password"
          placeholder={t('reg.passwordPlaceholder')}
          autoComplete="new-password"
          data-testid={testIds.password}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        dependencies={['password']}
        rules={confirmPasswordRules(form, confirmLabel)}
      >
        <Input
          type="password"
          placeholder={t('reg.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          data-testid={testIds.confirm}
        />
      </Form.Item>
    </>
  );
}
