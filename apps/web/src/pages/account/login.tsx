import { captcha as captchaCall, login } from '@piazza/contract/calls/identity';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { AccountInput } from '../../features/auth/account-input';
import { looksLikePhone } from '../../features/auth/account-kind';
import styles from '../../features/auth/auth-form.module.css';
import { requiredRule } from '../../features/auth/rule-message';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { paths } from '../../shared/navigation/paths';
import { storeSignIn } from '../../shared/session/session';
import { readPersisted, usePersisted, writePersisted } from '../../shared/storage/persisted';
import { Page } from '../../shared/ui/page';

interface LoginFields {
  account: string;
  password: string;
  captcha?: string;
  totp?: string;
}

interface Captcha {
  captchaId: string;
  image: string;
}

/** The server asks for a captcha by refusing with data {captcha: true} (after 3 failures). */
function asksForCaptcha(err: unknown): boolean {
  return err instanceof ApiRefusal &&
    typeof err.data === 'object' &&
    err.data !== null &&
    'captcha' in err.data
    ? (err.data as { captcha: unknown }).captcha === true
    : false;
}

/** A user with two-factor login on is asked for the authenticator code by a refusal with data {totp: true}. */
function asksForTotp(err: unknown): boolean {
  return err instanceof ApiRefusal && typeof err.data === 'object' && err.data !== null && 'totp' in err.data;
}

/** Log in with account (email or phone) and password; a captcha appears when the server asks for one. */
export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginFields>();
  const account = Form.useWatch('account', form) ?? '';
  const areaCode = usePersisted('areaCode');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [totpAsked, setTotpAsked] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const phone = account !== '' && looksLikePhone(account);

  const loadCaptcha = async () => {
    try {
      setCaptcha(await api(captchaCall, {}));
      form.setFieldValue('captcha', '');
    } catch {
      // Shown by the wrapper; the old image stays and can be tapped again.
    }
  };

  const submit = async (values: LoginFields) => {
    setSubmitting(true);
    try {
      const signedIn = await api(login, {
        account: values.account,
        password: values.password,
        areaCode: phone ? areaCode : undefined,
        captcha: captcha ? values.captcha : undefined,
        captchaId: captcha?.captchaId,
        totp: totpAsked ? values.totp : undefined,
      });
      storeSignIn(signedIn.token, signedIn.user);
      Toast.show({ content: t('login.success') });
      navigate(readPersisted('systemRouter'), { replace: true });
    } catch (err) {
      // A captcha is single-use: after any refusal with one on screen, or when asked for one, show a new one.
      if (asksForTotp(err)) {
        setTotpAsked(true);
        form.setFieldValue('totp', '');
      }
      if (captcha || asksForCaptcha(err)) await loadCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Page title={t('login.title')}>
      <h2 className={styles.heading}>{t('login.welcome')}</h2>
      <Form
        name="login"
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
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>
        }
      >
        <Form.Item name="account" label={t('login.account')} rules={[requiredRule(t('login.account'))]}>
          <AccountInput
            type="text"
            placeholder={t('login.accountPlaceholder')}
            withAreaCode={phone}
            areaCode={areaCode}
            onAreaCodeChange={(dial) => writePersisted('areaCode', dial)}
            testId="login-account"
          />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[requiredRule(t('login.password'))]}>
          <Input
            type="password"
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        {totpAsked && (
          <Form.Item name="totp" label={t('login.totp')} rules={[requiredRule(t('login.totp'))]}>
            <Input
              placeholder={t('login.totpPlaceholder')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid="login-totp"
            />
          </Form.Item>
        )}
        {captcha && (
          <Form.Item
            name="captcha"
            label={t('login.captcha')}
            rules={[requiredRule(t('login.captcha'))]}
            extra={
              <button
                type="button"
                className={styles.captchaImage}
                onClick={loadCaptcha}
                aria-label={t('login.captchaImage')}
                data-testid="login-captcha-image"
              >
                <img src={captcha.image} alt={t('login.captchaImage')} />
              </button>
            }
          >
            <Input
              placeholder={t('login.captchaPlaceholder')}
              autoComplete="off"
              maxLength={16}
              data-testid="login-captcha"
            />
          </Form.Item>
        )}
      </Form>
      <div className={styles.links}>
        <span>
          {t('login.noAccount')}{' '}
          <Link to={paths.register} replace data-testid="login-to-register">
            {t('login.toRegister')}
          </Link>
        </span>
        <Link to={paths.findPasswd} data-testid="login-to-find-password">
          {t('login.forgot')}
        </Link>
      </div>
    </Page>
  );
}
