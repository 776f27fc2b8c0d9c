import { totpDisable, totpEnable, totpSetup } from '@piazza/contract/calls/security';
import { Button, Input, Popup, Toast } from 'antd-mobile';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { ruleMessage } from '../../shared/forms/rule-message';
import styles from './security.module.css';
import { refreshSecurityOverview } from './use-security-overview';

interface TwoFactorPopupProps {
  visible: boolean;
  enabled: boolean;
  onClose: () => void;
}

interface Setup {
  secret: string;
  uri: string;
  qr: string;
}

/**
 * Turns two-factor login on (a new secret shown once as a QR code drawn here, never by a remote service,
 * and confirmed with a code) or off (with a current code).
 */
export function TwoFactorPopup({ visible, enabled, onClose }: TwoFactorPopupProps) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The secret lives only while the popup is open: closing it forgets the secret on this side.
  useEffect(() => {
    if (!visible) {
      setSetup(null);
      setCode('');
      setError(null);
    }
  }, [visible]);

  const start = async () => {
    setBusy(true);
    try {
      const started = await api(totpSetup, {});
      const qr = await toDataURL(started.uri, { margin: 2, width: 200, errorCorrectionLevel: 'M' });
      setSetup({ ...started, qr });
    } catch {
      // Shown by the wrapper.
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!/^\d{6}$/.test(code.trim())) {
      setError(ruleMessage('totp.wrong'));
      return;
    }
    setBusy(true);
    try {
      if (enabled) await api(totpDisable, { code: code.trim() });
      else await api(totpEnable, { code: code.trim() });
      Toast.show({ content: t(enabled ? 'sec.totp.disabled' : 'sec.totp.enabled') });
      await refreshSecurityOverview();
      onClose();
    } catch {
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const codeField = (
    <div className={styles.field}>
      <div className={styles.fieldLabel}>{t('sec.totp.code')}</div>
      <Input
        className={styles.input}
        value={code}
        onChange={(v) => {
          setCode(v);
          setError(null);
        }}
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        placeholder={t('sec.totp.codePlaceholder')}
        aria-label={t('sec.totp.code')}
        data-testid="totp-code"
      />
      {error && (
        <p className={styles.error} role="alert" style={{ marginTop: 8 }}>
          {error}
        </p>
      )}
    </div>
  );

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className={styles.popupBody} data-testid="totp">
        <h3 className={styles.popupTitle}>{t('sec.totp.title')}</h3>
        {enabled ? (
          <>
            <p className={styles.intro}>{t('sec.totp.introOn')}</p>
            {codeField}
            <Button
              block
              color="danger"
              size="large"
              loading={busy}
              onClick={confirm}
              data-testid="totp-disable"
            >
              {t('sec.totp.disable')}
            </Button>
          </>
        ) : setup ? (
          <>
            <p className={styles.intro}>{t('sec.totp.scan')}</p>
            <img className={styles.qr} src={setup.qr} alt={t('sec.totp.qr')} data-testid="totp-qr" />
            <div className={styles.fieldLabel}>{t('sec.totp.secret')}</div>
            <div className={styles.secret} data-testid="totp-secret">
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </div>
            <p className={styles.notice}>{t('sec.totp.onceNote')}</p>
            {codeField}
            <Button
              block
              color="primary"
              size="large"
              loading={busy}
              onClick={confirm}
              data-testid="totp-enable"
            >
              {t('sec.totp.enable')}
            </Button>
          </>
        ) : (
          <>
            <p className={styles.intro}>{t('sec.totp.introOff')}</p>
            <Button
              block
              color="primary"
              size="large"
              loading={busy}
              onClick={start}
              data-testid="totp-start"
            >
              {t('sec.totp.start')}
            </Button>
          </>
        )}
      </div>
    </Popup>
  );
}
