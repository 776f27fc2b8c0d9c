import { updateEmail } from '@piazza/contract/calls/security';
import { checkEmail } from '@piazza/core/validation';
import { Button, Input, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { ruleMessage } from '../../shared/forms/rule-message';
import { SendCodeButton } from '../../shared/forms/send-code-button';
import { refreshLoginInfo } from '../../shared/session/session';
import styles from './security.module.css';
import { refreshSecurityOverview } from './use-security-overview';

interface EmailBindPopupProps {
  visible: boolean;
  current: string | null;
  onClose: () => void;
}

/** Bind or change the email: a code (scene bind) goes to the new address and proves it is the user's. */
export function EmailBindPopup({ visible, current, onClose }: EmailBindPopupProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const target = async () => {
    const failure = checkEmail(email);
    setError(failure ? ruleMessage(failure) : null);
    return failure ? null : { account: email.trim() };
  };

  const submit = async () => {
    const failure = checkEmail(email) ?? (/^\d{6}$/.test(code.trim()) ? null : 'code.format');
    if (failure) {
      setError(ruleMessage(failure));
      return;
    }
    setSubmitting(true);
    try {
      await api(updateEmail, { email: email.trim(), code: code.trim() });
      Toast.show({ content: t('sec.emailBind.done') });
      await Promise.all([refreshSecurityOverview(), refreshLoginInfo({ silent: true }).catch(() => null)]);
      setEmail('');
      setCode('');
      onClose();
    } catch {
      // Shown by the wrapper (wrong code, address taken…); what was typed stays.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className={styles.popupBody} data-testid="email-bind">
        <h3 className={styles.popupTitle}>{t(current ? 'sec.emailBind.change' : 'sec.emailBind.title')}</h3>
        {current && <p className={styles.intro}>{t('sec.emailBind.current', { 0: current })}</p>}
        <div className={styles.field}>
          <div className={styles.fieldLabel}>{t('sec.emailBind.email')}</div>
          <Input
            className={styles.input}
            type="email"
            value={email}
            onChange={(v) => {
              setEmail(v);
              setError(null);
            }}
            placeholder={t('sec.emailBind.emailPlaceholder')}
            autoComplete="email"
            aria-label={t('sec.emailBind.email')}
            data-testid="email-bind-email"
          />
        </div>
        <div className={styles.field}>
          <div className={styles.fieldLabel}>{t('sec.emailBind.code')}</div>
          <div className={styles.codeRow}>
            <Input
              className={styles.input}
              value={code}
              onChange={(v) => {
                setCode(v);
                setError(null);
              }}
              inputMode="numeric"
              maxLength={6}
              placeholder={t('sec.emailBind.codePlaceholder')}
              autoComplete="one-time-code"
              aria-label={t('sec.emailBind.code')}
              data-testid="email-bind-code"
            />
            <SendCodeButton scene="bind" target={target} />
          </div>
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <Button
          block
          color="primary"
          size="large"
          loading={submitting}
          onClick={submit}
          data-testid="email-bind-submit"
        >
          {t('sec.emailBind.submit')}
        </Button>
      </div>
    </Popup>
  );
}
