import { updatePassword } from '@piazza/contract/calls/identity';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../features/auth/auth-form.module.css';
import { NewPasswordFields } from '../../features/auth/new-password-fields';
import { api } from '../../shared/api/api';
import { requiredRule } from '../../shared/forms/rule-message';
import { useBack } from '../../shared/navigation/use-back';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

interface PasswordFields {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** Change the login password (this session stays; the server signs out every other one). */
export default function LoginPassword() {
  const { t } = useTranslation();
  const back = useBack();
  const [form] = Form.useForm<PasswordFields>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: PasswordFields) => {
    setSubmitting(true);
    try {
      await api(updatePassword, values);
      Toast.show({ content: t('loginPassword.success') });
      back();
    } catch {
      // Shown by the wrapper (current password wrong…).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Page title={t('loginPassword.title')}>
      <RequireSession>
        {() => (
          <Form
            name="loginPassword"
            form={form}
            layout="vertical"
            className={styles.form}
            onFinish={submit}
            requiredMarkStyle="none"
            footer={
              <Button
                block
                type="submit"
                color="primary"
                size="large"
                loading={submitting}
                data-testid="password-submit"
              >
                {t('loginPassword.submit')}
              </Button>
            }
          >
            <Form.Item
              name="oldPassword"
              label={t('loginPassword.old')}
              rules={[requiredRule(t('loginPassword.old'))]}
            >
              <Input
                type="password"
                placeholder={t('loginPassword.oldPlaceholder')}
                autoComplete="current-password"
                data-testid="password-old"
              />
            </Form.Item>
            <NewPasswordFields
              form={form}
              passwordLabel={t('loginPassword.new')}
              confirmLabel={t('loginPassword.confirm')}
              testIds={{ password: 'password-new', confirm: 'password-confirm' }}
            />
          </Form>
        )}
      </RequireSession>
    </Page>
  );
}
