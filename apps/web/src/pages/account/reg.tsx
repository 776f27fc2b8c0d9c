import { register } from '@piazza/contract/calls/identity';
import { checkEmail, checkPhone } from '@piazza/core/validation';
import { Button, Checkbox, Form, Input, Tabs, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountInput } from '../../features/auth/account-input';
import styles from '../../features/auth/auth-form.module.css';
import { NewPasswordFields } from '../../features/auth/new-password-fields';
import { api } from '../../shared/api/api';
import { requiredRule, ruleMessage, ruleValidator } from '../../shared/forms/rule-message';
import { SendCodeButton } from '../../shared/forms/send-code-button';
import { paths } from '../../shared/navigation/paths';
import { storeSignIn } from '../../shared/session/session';
import { readPersisted, usePersisted, writePersisted } from '../../shared/storage/persisted';
import { Page } from '../../shared/ui/page';

type AccountType = 'email' | 'phone';

interface RegisterFields {
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
  inviteCode?: string;
  agree: boolean;
}

/** Open an account with an email or a phone number, a verification code and a password; ends signed in. */
export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<RegisterFields>();
  const [type, setType] = useState<AccountType>('email');
  const areaCode = usePersisted('areaCode');
  const [submitting, setSubmitting] = useState(false);

  // An invite link (?inviteCode=…) is remembered, so the code survives a detour to the agreement texts.
  useEffect(() => {
    const invite = search.get('inviteCode')?.trim();
    if (invite) writePersisted('inviteCode', invite);
    form.setFieldValue('inviteCode', invite || readPersisted('inviteCode'));
  }, [search, form]);

  const accountLabel = type === 'email' ? t('reg.email') : t('reg.phone');
  const checkAccount = (value: string) =>
    type === 'email' ? checkEmail(value) : checkPhone(value, areaCode);

  const codeTarget = async () => {
    try {
      const { account } = await form.validateFields(['account']);
      return { account, areaCode: type === 'phone' ? areaCode : undefined };
    } catch {
      return null;
    }
  };

  const submit = async (values: RegisterFields) => {
    setSubmitting(true);
    try {
      const signedIn = await api(register, {
        account: values.account,
        password: values.password,
        confirmPassword: values.confirmPassword,
        code: values.code,
        // Required by the contract; for an email account it is simply not used.
        areaCode,
        agree: values.agree,
        inviteCode: values.inviteCode?.trim() || undefined,
      });
      storeSignIn(signedIn.token, signedIn.user);
      Toast.show({ content: t('reg.success') });
      navigate(readPersisted('systemRouter'), { replace: true });
    } catch {
      // Refusals (wrong code, taken account…) were shown by the wrapper; the form keeps what was typed.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Page title={t('reg.title')}>
      <Tabs
        activeKey={type}
        onChange={(key) => {
          setType(key === 'phone' ? 'phone' : 'email');
          form.resetFields(['account']);
        }}
      >
        <Tabs.Tab key="email" title={<span data-testid="reg-tab-email">{t('reg.byEmail')}</span>} />
        <Tabs.Tab key="phone" title={<span data-testid="reg-tab-phone">{t('reg.byPhone')}</span>} />
      </Tabs>
      <Form
        name="reg"
        form={form}
        layout="vertical"
        className={styles.form}
        onFinish={submit}
        requiredMarkStyle="none"
        initialValues={{ agree: false }}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={submitting}
            data-testid="reg-submit"
          >
            {t('reg.submit')}
          </Button>
        }
      >
        <Form.Item
          name="account"
          label={accountLabel}
          rules={[requiredRule(accountLabel), { validator: ruleValidator(checkAccount) }]}
        >
          <AccountInput
            type={type === 'email' ? 'email' : 'tel'}
            placeholder={type === 'email' ? t('reg.emailPlaceholder') : t('reg.phonePlaceholder')}
            withAreaCode={type === 'phone'}
            areaCode={areaCode}
            onAreaCodeChange={(dial) => writePersisted('areaCode', dial)}
            testId="reg-account"
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('reg.code')}
          rules={[requiredRule(t('reg.code'))]}
          extra={<SendCodeButton scene="register" target={codeTarget} />}
        >
          <Input
            placeholder={t('reg.codePlaceholder')}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            data-testid="reg-code"
          />
        </Form.Item>
        <NewPasswordFields
          form={form}
          passwordLabel={t('reg.password')}
          confirmLabel={t('reg.confirmPassword')}
          testIds={{ password: 'reg-password', confirm: 'reg-confirm-password' }}
        />
        <Form.Item name="inviteCode" label={`${t('reg.inviteCode')} ${t('common.optional')}`}>
          <Input placeholder={t('reg.inviteCodePlaceholder')} maxLength={16} data-testid="reg-invite-code" />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: async (_rule: unknown, value: unknown) => {
                if (value !== true) throw new Error(ruleMessage('agreement.required'));
              },
            },
          ]}
        >
          <AgreementBox />
        </Form.Item>
      </Form>
      <div className={styles.links}>
        <span>
          {t('reg.haveAccount')}{' '}
          <Link to={paths.login} replace data-testid="reg-to-login">
            {t('reg.toLogin')}
          </Link>
        </span>
      </div>
    </Page>
  );
}

/** The agreement checkbox; the two texts open as their own pages, outside the checkbox's label. */
function AgreementBox({ checked, onChange }: { checked?: boolean; onChange?: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.agree}>
      <Checkbox checked={checked} onChange={onChange} data-testid="reg-agree">
        {t('reg.agreePrefix')}
      </Checkbox>
      <Link to={paths.disclaimer} data-testid="reg-disclaimer">
        {t('reg.disclaimer')}
      </Link>
      <span>{t('reg.and')}</span>
      <Link to={paths.privacyPolicy} data-testid="reg-privacy">
        {t('reg.privacy')}
      </Link>
    </div>
  );
}
