import { adminLogin } from '@piazza/contract/calls/admin';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../shared/language-select';
import { Refused, request } from '../../shared/request';
import { session } from '../../shared/session';
import styles from './login.module.css';

export function LoginScreen() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Set once the server answers that this operator's login needs the authenticator code too.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const login = useMutation({
    mutationFn: () => request(adminLogin, { email, password, code: needsCode ? code : undefined }),
    onSuccess: (data) => session.start(data.token),
    onError: (err) => {
      if (err instanceof Refused && isTotpRequest(err.data)) setNeedsCode(true);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };

  return (
    <main className={styles.login}>
      <form className={`card ${styles.loginCard}`} onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        <p className="muted">{t('login.lead')}</p>
        <label>
          <span>{t('login.email')}</span>
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="login-email"
          />
        </label>
        <label>
          <span>{t('login.password')}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="login-password"
          />
        </label>
        {needsCode && (
          <label>
            <span>{t('login.code')}</span>
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              // biome-ignore lint/a11y/noAutofocus: the field appears because the operator must fill it now
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              data-testid="login-code"
            />
            <small className="muted">{t('login.codeLead')}</small>
          </label>
        )}
        <button type="submit" disabled={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </button>
        <LanguageSelect />
      </form>
    </main>
  );
}

/** The refusal data of a login that needs the TOTP code: {totp: true}. */
function isTotpRequest(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { totp?: unknown }).totp === true;
}
