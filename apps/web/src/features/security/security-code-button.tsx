import { securityCodeSend } from '@piazza/contract/calls/security';
import { Button, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { resendWaitSeconds } from '../../shared/forms/send-code-button';

/**
 * Sends a security code to the signed-in user's own account (the server picks the address from the
 * session) and counts down before the next one may be asked for.
 */
export function SecurityCodeButton() {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    setSending(true);
    try {
      const sent = await api(securityCodeSend, {});
      Toast.show({ content: t('reg.codeSent') });
      setSecondsLeft(sent.resendInSeconds > 0 ? sent.resendInSeconds : resendWaitSeconds);
    } catch {
      // The wrapper has shown why (wait 60 s…); the button stays available.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      disabled={secondsLeft > 0}
      loading={sending}
      onClick={send}
      data-testid="security-send-code"
    >
      {secondsLeft > 0 ? t('reg.resendIn', { 0: secondsLeft }) : t('reg.sendCode')}
    </Button>
  );
}
