import {
  adminTotpConfirm,
  adminTotpDisable,
  adminTotpEnrol,
  adminTotpStatus,
} from '@piazza/contract/calls/admin-kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';
import styles from './totp.module.css';

/**
 * The signed-in operator's two-factor login: turn it on (a QR code of the otpauth URI, drawn here so the
 * secret never leaves the page, and the first code to confirm) or off with a current code.
 */
export default function TotpScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['totp'], queryFn: () => request(adminTotpStatus, {}) });
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const settled = (next: { enrolled: boolean; pending: boolean }) => {
    queryClient.setQueryData(['totp'], next);
    setEnrolment(null);
    setCode('');
  };
  const enrol = useMutation({
    mutationFn: () => request(adminTotpEnrol, {}),
    onSuccess: (data) => {
      setEnrolment(data);
      setCode('');
    },
  });
  const confirm = useMutation({
    mutationFn: () => request(adminTotpConfirm, { code }),
    onSuccess: (next) => {
      settled(next);
      showNotice('success', t('totp.enabled'));
    },
  });
  const disable = useMutation({
    mutationFn: () => request(adminTotpDisable, { code }),
    onSuccess: (next) => {
      settled(next);
      showNotice('success', t('totp.disabled'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (status.data?.enrolled) disable.mutate();
    else confirm.mutate();
  };

  const enrolled = status.data?.enrolled ?? false;
  return (
    <section aria-labelledby="totp-title">
      <h1 id="totp-title">{t('totp.title')}</h1>
      <p className="muted">{t('totp.lead')}</p>
      {status.isPending && <p className="muted">{t('common.loading')}</p>}
      {status.data && (
        <article className={`card ${styles.totpCard}`}>
          <p data-testid="totp-status">
            <span className={`badge ${enrolled ? 'badge-ok' : 'badge-off'}`}>
              {t(enrolled ? 'totp.on' : 'totp.off')}
            </span>{' '}
            {t(enrolled ? 'totp.statusOn' : 'totp.statusOff')}
          </p>
          {!enrolled && !enrolment && (
            <>
              {status.data.pending && <p className="muted">{t('totp.pending')}</p>}
              <button
                type="button"
                disabled={enrol.isPending}
                onClick={() => enrol.mutate()}
                data-testid="totp-start"
              >
                {t('totp.start')}
              </button>
            </>
          )}
          {!enrolled && enrolment && (
            <>
              <p>{t('totp.scan')}</p>
              <QrCode uri={enrolment.uri} alt={t('totp.qrAlt')} />
              <p>
                {t('totp.secret')}: <code data-testid="totp-secret">{enrolment.secret}</code>
              </p>
            </>
          )}
          {(enrolled || enrolment) && (
            <form className="inline-form" onSubmit={submit}>
              <label>
                <span>{t(enrolled ? 'totp.disableLead' : 'totp.code')}</span>
                <input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="\d{6}"
                  maxLength={6}
                  required
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                  data-testid="totp-code"
                />
              </label>
              <button
                type="submit"
                className={enrolled ? 'danger' : undefined}
                disabled={confirm.isPending || disable.isPending}
                data-testid={enrolled ? 'totp-disable' : 'totp-confirm'}
              >
                {t(enrolled ? 'totp.disable' : 'totp.confirm')}
              </button>
            </form>
          )}
        </article>
      )}
    </section>
  );
}

/** The otpauth URI as a QR code, rendered in the browser (the secret is sent nowhere else). */
function QrCode({ uri, alt }: { uri: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(uri, { width: 220, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img className={styles.totpQr} src={src} alt={alt} width={220} height={220} data-testid="totp-qr" />
  ) : null;
}
