import { resetPassword } from '@piazza/contract/calls/identity';
import { classifyAccount } from '@piazza/core/validation';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountInput } from '../../features/auth/account-input';
import { looksLikePhone } from '../../features/auth/account-kind';
import styles from '../../features/auth/auth-form.module.css';
import { NewPasswordFields } from '../../features/auth/new-password-fields';
import { api } from '../../shared/api/api';
import { requiredRule, ruleValidator } from '../../shared/forms/rule-message';
import { SendCodeButton } from '../../shared/forms/send-code-button';
import { paths } from '../../shared/navigation/paths';
import { usePersisted, writePersisted } from '../../shared/storage/persisted';
import { Page } from '../../shared/ui/page';

interface ResetFields {
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Set a new login password with a code sent to the account (every session is signed out by the server). */
export default function FindPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetFields>();
  const account = Form.useWatch('account', form) ?? '';
  const areaCode = usePersisted('areaCode');
  const [submitting, setSubmitting] = useState(false);
  const phone = account !== '' && looksLikePhone(account);

  const checkAccount = (value: string) => {
    const kind = classifyAccount(value, areaCode);
    return kind.type === 'invalid' ? kind.failure : null;
  };

  const codeTarget = async () => {
    try {
      const fields = await form.validateFields(['account']);
      return { account: fields.account, areaCode: phone ? areaCode : undefined };
    } catch {
      return null;
    }
  };

  const submit = async (values: ResetFields) => {
    setSubmitting(true);
    try {
      await api(resetPassword, { ...values, areaCode: phone ? areaCode : undefined });
      Toast.show({ content: t('findPasswd.success') });
      navigate(paths.login, { replace: true });
    } catch {
      // Shown by the wrapper (wrong or expired code…).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Page title={t('findPasswd.title')}>
      <p className={styles.intro}>{t('findPasswd.intro')}</p>
      <Form
        name="findPasswd"
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
            data-testid="find-submit"
          >
            {t('findPasswd.submit')}
          </Button>
        }
      >
        <Form.Item
          name="account"
          label={t('login.account')}
          rules={[requiredRule(t('login.account')), { validator: ruleValidator(checkAccount) }]}
        >
          <AccountInput
            type="text"
            placeholder={t('login.accountPlaceholder')}
            withAreaCode={phone}
            areaCode={areaCode}
            onAreaCodeChange={(dial) => writePersisted('areaCode', dial)}
            testId="find-account"
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('reg.code')}
          rules={[requiredRule(t('reg.code'))]}
          extra={<SendCodeButton scene="reset" target={codeTarget} />}
        >
          <Input
            placeholder={t('reg.codePlaceholder')}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            data-testid="find-code"
          />
        </Form.Item>
        <NewPasswordFields
          form={form}
          passwordLabel={t('findPasswd.newPassword')}
          confirmLabel={t('reg.confirmPassword')}
          testIds={{ password: 'find-password', confirm: 'find-confirm-password' }}
        />
      </Form>
    </Page>
  );
}
