import { codeSend } from '@piazza/contract/calls/identity';
import type { CodeScene } from '@piazza/contract/enums';
import { Button, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/api';

/** DESIGN §4: a new code may be asked for 60 s after the last one. */
export const resendWaitSeconds = 60;

interface SendCodeButtonProps {
  scene: Extract<CodeScene, 'register' | 'reset' | 'bind'>;
  /** The account and area code to send to, or null when the account field does not pass its checks yet. */
  target: () => Promise<{ account: string; areaCode?: string } | null>;
}

/** Sends a verification code and counts down before the next one may be asked for. */
export function SendCodeButton({ scene, target }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    const to = await target();
    if (!to) return;
    setSending(true);
    try {
      const sent = await api(codeSend, { ...to, scene });
      Toast.show({ content: t('reg.codeSent') });
      setSecondsLeft(sent.resendInSeconds > 0 ? sent.resendInSeconds : resendWaitSeconds);
    } catch {
      // The wrapper has shown why (wait, format); the button stays available.
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
      data-testid="send-code"
    >
      {secondsLeft > 0 ? t('reg.resendIn', { 0: secondsLeft }) : t('reg.sendCode')}
    </Button>
  );
}
