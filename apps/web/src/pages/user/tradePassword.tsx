import { pinChange, pinSet } from '@piazza/contract/calls/security';
import { Button, Input, Selector, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PinInput } from '../../features/security/pin-input';
import { lockMinutes, newPinProblem } from '../../features/security/pin-rules';
import styles from '../../features/security/security.module.css';
import { SecurityCodeButton } from '../../features/security/security-code-button';
import { refreshSecurityOverview, useSecurityOverview } from '../../features/security/use-security-overview';
import { api } from '../../shared/api/api';
import { ruleMessage } from '../../shared/forms/rule-message';
import { useBack } from '../../shared/navigation/use-back';
import { RequireSession } from '../../shared/session/require-session';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

type Kind = 'trade' | 'withdraw';
type Method = 'old' | 'code';

/** Set or change the transaction (?type=trade) or withdrawal (?type=withdraw) password: 6 digits. */
export default function TradePassword() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kind: Kind = params.get('type') === 'withdraw' ? 'withdraw' : 'trade';
  return (
    <Page title={t(`pin.title.${kind}`)}>
      <RequireSession>{(user) => <PinScreen key={kind} kind={kind} account={user.account} />}</RequireSession>
    </Page>
  );
}

function PinScreen({ kind, account }: { kind: Kind; account: string }) {
  const { t } = useTranslation();
  const back = useBack();
  const overview = useSecurityOverview();
  const [method, setMethod] = useState<Method>('old');
  const [loginPassword, setLoginPassword] = useState('');
  const [oldPin, setOldPin] = useState('');
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (overview.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (overview.isError) return <LoadFailed onRetry={() => void overview.refetch()} />;
  const state = overview.data[kind];
  const changing = state.set;
  const locked = state.lockedSeconds > 0;
  // A locked password cannot prove itself: only a security code can change it then.
  const proof: Method = locked ? 'code' : method;

  const edit =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setError(null);
    };

  const submit = async () => {
    if (!changing && loginPassword === '') {
      setError(ruleMessage('field.required', [t('pin.loginPassword')]));
      return;
    }
    const problem =
      (changing && proof === 'old' && oldPin.length !== 6 ? 'pin.format' : null) ??
      (changing && proof === 'code' && !/^\d{6}$/.test(code.trim()) ? 'code.format' : null) ??
      newPinProblem(pin, confirmPin);
    if (problem) {
      setError(ruleMessage(problem));
      return;
    }
    setSubmitting(true);
    try {
      if (changing) {
        await api(pinChange, {
          type: kind,
          ...(proof === 'old' ? { oldPin } : { code: code.trim() }),
          pin,
          confirmPin,
        });
      } else {
        await api(pinSet, { type: kind, password: loginPassword, pin, confirmPin });
      }
      Toast.show({ content: t(changing ? 'pin.done.change' : 'pin.done.set') });
      await refreshSecurityOverview();
      back();
    } catch {
      // The wrapper showed why; a wrong current password also changed the attempts left.
      setOldPin('');
      await overview.refetch();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.card} data-testid={`pin-${kind}`}>
      <p className={styles.intro}>{t(`pin.intro.${kind}`)}</p>
      {changing && (
        <>
          {locked ? (
            <p className={styles.notice} role="status" data-testid="pin-locked">
              {t('pin.lockedFor', { 0: lockMinutes(state.lockedSeconds) })}
            </p>
          ) : (
            state.attemptsLeft < 5 && (
              <p className={styles.notice} role="status" data-testid="pin-attempts">
                {t('pin.attemptsLeft', { 0: state.attemptsLeft })}
              </p>
            )
          )}
          <Selector<Method>
            style={{ marginBottom: 16 }}
            columns={2}
            value={[proof]}
            onChange={(v) => v[0] && edit(setMethod)(v[0])}
            options={[
              { label: t('pin.method.old'), value: 'old', disabled: locked },
              { label: t('pin.method.code'), value: 'code' },
            ]}
            data-testid="pin-method"
          />
          {proof === 'old' ? (
            <PinInput label={t('pin.old')} value={oldPin} onChange={edit(setOldPin)} testId="pin-old" />
          ) : (
            <div className={styles.field} style={{ marginBottom: 20 }}>
              <div className={styles.fieldLabel}>{t('pin.codeSentTo', { 0: account })}</div>
              <div className={styles.codeRow}>
                <Input
                  className={styles.input}
                  value={code}
                  onChange={edit(setCode)}
                  inputMode="numeric"
                  maxLength={6}
                  autoComplete="one-time-code"
                  placeholder={t('pin.codePlaceholder')}
                  aria-label={t('pin.code')}
                  data-testid="pin-code"
                />
                <SecurityCodeButton />
              </div>
            </div>
          )}
        </>
      )}
      {!changing && (
        <div className={styles.field} style={{ marginBottom: 20 }}>
          <div className={styles.fieldLabel}>{t('pin.loginPassword')}</div>
          <Input
            className={styles.input}
            type="password"
            value={loginPassword}
            onChange={edit(setLoginPassword)}
            autoComplete="current-password"
            placeholder={t('pin.loginPasswordPlaceholder')}
            aria-label={t('pin.loginPassword')}
            data-testid="pin-login-password"
          />
        </div>
      )}
      <PinInput label={t('pin.new')} value={pin} onChange={edit(setPin)} testId="pin-new" />
      <PinInput
        label={t('pin.confirm')}
        value={confirmPin}
        onChange={edit(setConfirmPin)}
        testId="pin-confirm"
      />
      {error && (
        <p className={styles.error} role="alert" data-testid="pin-error">
          {error}
        </p>
      )}
      <Button
        block
        color="primary"
        size="large"
        loading={submitting}
        onClick={submit}
        data-testid="pin-submit"
      >
        {t(changing ? 'pin.submit.change' : 'pin.submit.set')}
      </Button>
    </div>
  );
}
