import type {
  adminOpenAutoApply,
  adminUserControls,
  adminVipStrategy,
} from '@piazza/contract/calls/admin-kyc';
import type { CallOutput } from '@piazza/contract/define';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/en-US';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';
import styles from './user-switch.module.css';

type Controls = CallOutput<typeof adminUserControls>;

interface UserSwitchProps {
  call: typeof adminVipStrategy | typeof adminOpenAutoApply;
  userId: number;
  on: boolean;
  label: MessageKey;
  hint: MessageKey;
  testId: string;
  /** Whether this operator's role may flip it; others see its state only. */
  editable: boolean;
  onChanged: (next: Controls) => void;
}

/** An on/off control of an investor (VIP strategy service, the IPO auto-apply switch), audited by the server. */
export function UserSwitch({ call, userId, on, label, hint, testId, editable, onChanged }: UserSwitchProps) {
  const { t } = useTranslation();
  const flip = useMutation({
    mutationFn: () => request(call, { id: userId, on: on ? 0 : 1 }),
    onSuccess: (next) => {
      showNotice('success', t(on ? 'switches.doneOff' : 'switches.doneOn', { what: t(label) }));
      onChanged(next);
    },
  });
  return (
    <div className={styles.switchRow}>
      <div>
        <strong>{t(label)}</strong>
        <p className="muted">{t(hint)}</p>
      </div>
      <span className={`badge ${on ? 'badge-ok' : 'badge-off'}`} data-testid={`${testId}-state`}>
        {t(on ? 'switches.on' : 'switches.off')}
      </span>
      {editable && (
        <button
          type="button"
          className={on ? 'secondary' : undefined}
          disabled={flip.isPending}
          onClick={() => flip.mutate()}
          data-testid={`${testId}-toggle`}
        >
          {t(on ? 'switches.turnOff' : 'switches.turnOn')}
        </button>
      )}
    </div>
  );
}
