import { captcha as captchaCall, login } from '@piazza/contract/calls/identity';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { AccountInput } from '../../features/auth/account-input';
import { looksLikePhone } from '../../features/auth/account-kind';
import styles from '../../features/auth/auth-form.module.css';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { requiredRule } from '../../shared/forms/rule-message';
import { paths } from '../../shared/navigation/paths';
import { storeSignIn } from '../../shared/session/session';
import { readPersisted, usePersisted, writePersisted } from '../../shared/storage/persisted';
import { Page } from '../../shared/ui/page';

interface LoginFields {
  account: string;
  password: string;
  totp?: string;
}

/** The proof-of-work captcha: being solved, solved (ready to send with the next try), or failed to solve. */
type Captcha =
  | { state: 'solving' }
  | { state: 'solved'; captchaId: string; number: string }
  | { state: 'failed' };

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

/**
 * Log in with account (email or phone) and password. When the server asks for a captcha (after 3 tries),
 * the browser solves a proof-of-work challenge (decision 028) and sends its answer with the next try.
 */
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

  const solving = useRef<AbortController | null>(null);
  useEffect(() => () => solving.current?.abort(), []);

  const solveCaptcha = async () => {
    solving.current?.abort();
    const controller = new AbortController();
    solving.current = controller;
    setCaptcha({ state: 'solving' });
    try {
      const challenge = await api(captchaCall, {});
      const { solveChallenge } = await import('../../features/auth/proof-of-work');
      const number = await solveChallenge(challenge, controller.signal);
      if (controller.signal.aborted) return;
      setCaptcha(
        number === null ? { state: 'failed' } : { state: 'solved', captchaId: challenge.captchaId, number },
      );
    } catch {
      // A failed call is shown by the wrapper; the row offers to try again.
      if (!controller.signal.aborted) setCaptcha({ state: 'failed' });
    }
  };

  const submit = async (values: LoginFields) => {
    setSubmitting(true);
    try {
      const signedIn = await api(login, {
        account: values.account,
        password: values.password,
        areaCode: phone ? areaCode : undefined,
        captcha: captcha?.state === 'solved' ? captcha.number : undefined,
        captchaId: captcha?.state === 'solved' ? captcha.captchaId : undefined,
        totp: totpAsked ? values.totp : undefined,
      });
      storeSignIn(signedIn.token, signedIn.user);
      Toast.show({ content: t('login.success') });
      navigate(readPersisted('systemRouter'), { replace: true });
    } catch (err) {
      if (asksForTotp(err)) {
        setTotpAsked(true);
        form.setFieldValue('totp', '');
      }
      // A challenge is single-use: after any refusal with one sent, or when asked for one, solve a new one.
      if (captcha || asksForCaptcha(err)) void solveCaptcha();
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
            disabled={captcha?.state === 'solving'}
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
          <div className={styles.captcha} role="status" aria-live="polite" data-testid="login-captcha">
            {captcha.state === 'failed' ? (
              <Button
                size="small"
                fill="outline"
                onClick={() => void solveCaptcha()}
                data-testid="login-captcha-retry"
              >
                {t('login.captchaRetry')}
              </Button>
            ) : (
              <span data-state={captcha.state}>
                {t(captcha.state === 'solving' ? 'login.captchaSolving' : 'login.captchaSolved')}
              </span>
            )}
          </div>
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
