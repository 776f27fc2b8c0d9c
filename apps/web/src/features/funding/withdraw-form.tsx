import type { userWithdrawRules } from '@piazza/contract/calls/funding';
import type { CallOutput } from '@piazza/contract/define';
import { formatAmount } from '@piazza/core/money';
import { Button, Form, PasscodeInput, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NumberInput } from '../../shared/forms/number-input';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { amountWireText, readAmountInput, scaleOfAmount } from './amount-input';
import { amountRule } from './amount-rule';
import { useWindowText } from './channel-limits';
import { InfoRow } from './copy-row';
import styles from './funding.module.css';
import { withdrawDetailPath } from './funding-paths';
import { type FeeRule, maxWithdrawable, withdrawalFee } from './withdrawal-fee';
import type { Withdrawal } from './withdrawal-records';

export type WithdrawRule = CallOutput<typeof userWithdrawRules>['list'][number];

/** A bound bank account, wallet or crypto address the money can go to. */
export interface Destination {
  id: number;
  label: string;
}

export interface WithdrawRequest {
  destinationId: number;
  asset: string;
  amount: string;
  pin: string;
  requestId: string;
}

interface WithdrawFormProps {
  rule: WithdrawRule;
  destinations: readonly Destination[];
  /** Where to bind a new destination (wallet/addBank, wallet/addAdress). */
  addPath: string;
  addLabel: string;
  send: (request: WithdrawRequest) => Promise<Withdrawal>;
}

function feeRuleOf(rule: WithdrawRule, scale: number): FeeRule {
  return { feeFixedMinor: readAmountInput(rule.feeFixed, scale) ?? 0n, feeRateBp: rule.feeRateBp };
}

/**
 * The amount, the fee and what arrives, worked out as the person types with the server's own rule; the
 * destination; the 6-digit withdrawal password. Amount + fee are frozen when the request is accepted.
 */
export function WithdrawForm({ rule, destinations, addPath, addLabel, send }: WithdrawFormProps) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const windowText = useWindowText();
  const [form] = Form.useForm<{ amount: string }>();
  const ids = useSubmissionIds();
  const [destinationId, setDestinationId] = useState<number | null>(destinations[0]?.id ?? null);
  const [pin, setPin] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [typed, setTyped] = useState('');
  const scale = scaleOfAmount(rule.available);
  const feeRule = feeRuleOf(rule, scale);
  const availableMinor = readAmountInput(rule.available, scale) ?? 0n;
  const maxMinor = maxWithdrawable(availableMinor, feeRule);
  const amountMinor = readAmountInput(typed, scale);
  const feeMinor = amountMinor === null ? null : withdrawalFee(amountMinor, feeRule);
  const money = (minor: bigint | null) =>
    minor === null ? '--' : moneyText(formatAmount(minor, scale), rule.asset, lang);

  const submit = async (values: { amount: string }) => {
    if (destinationId === null) return;
    const amount = amountWireText(values.amount, scale) ?? values.amount;
    const fields = { destinationId, asset: rule.asset, amount, pin };
    setSubmitting(true);
    try {
      const withdrawal = await send({ ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      navigate(withdrawDetailPath(withdrawal), { replace: true });
    } catch {
      // The wrapper showed the refusal (wrong password, over balance, hours); a wrong password is retyped.
      setPin('');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Card title={t('withdraw.form.to')} testId="withdraw-destinations">
        {destinations.length === 0 ? (
          <p className={styles.instructions} data-testid="withdraw-no-destination">
            {t('withdraw.form.noDestination')}
          </p>
        ) : (
          <Selector
            columns={1}
            value={destinationId === null ? [] : [String(destinationId)]}
            options={destinations.map((d) => ({ label: d.label, value: String(d.id) }))}
            onChange={(v) => setDestinationId(v[0] ? Number(v[0]) : null)}
            data-testid="withdraw-destination"
          />
        )}
        <Button
          block
          color="primary"
          fill="outline"
          className={styles.addButton}
          onClick={() => navigate(addPath)}
          data-testid="withdraw-add-destination"
        >
          {addLabel}
        </Button>
      </Card>
      <Card title={t('withdraw.form.amountTitle')} testId="withdraw-amount-card">
        {!rule.openNow && (
          <p className={styles.warning} data-testid="withdraw-closed">
            {t('withdraw.form.closedNow', { 0: windowText(rule.window) })}
          </p>
        )}
        <Form
          form={form}
          layout="vertical"
          requiredMarkStyle="none"
          onFinish={submit}
          onValuesChange={(changed: { amount?: string }) => {
            if (changed.amount !== undefined) setTyped(changed.amount);
          }}
          footer={
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={submitting}
              disabled={destinationId === null || pin.length !== 6 || !rule.openNow}
              data-testid="withdraw-submit"
            >
              {t('withdraw.form.submit')}
            </Button>
          }
        >
          <Form.Item
            name="amount"
            label={t('withdraw.form.amount', { 0: rule.asset })}
            rules={[amountRule(t, scale, { min: rule.minAmount })]}
            extra={
              <button
                type="button"
                className={styles.copyButton}
                onClick={() => {
                  const all = formatAmount(maxMinor, scale);
                  form.setFieldsValue({ amount: all });
                  setTyped(all);
                }}
                data-testid="withdraw-all"
              >
                {t('withdraw.form.all')}
              </button>
            }
          >
            <NumberInput
              quiet
              scale={scale}
              placeholder={t('withdraw.form.amountPlaceholder')}
              testId="withdraw-amount"
            />
          </Form.Item>
          <ul className={`${styles.rows} ${styles.summary}`}>
            <InfoRow
              label={t('withdraw.form.available')}
              value={money(availableMinor)}
              testId="withdraw-available"
            />
            <InfoRow label={t('withdraw.form.minimum')} value={moneyText(rule.minAmount, rule.asset, lang)} />
            <InfoRow label={t('withdraw.form.fee')} value={money(feeMinor)} testId="withdraw-fee" />
            <InfoRow
              label={t('withdraw.form.arrives')}
              value={money(amountMinor)}
              testId="withdraw-arrives"
            />
            <InfoRow
              label={t('withdraw.form.total')}
              value={money(amountMinor === null || feeMinor === null ? null : amountMinor + feeMinor)}
              testId="withdraw-total"
            />
          </ul>
          <Form.Item label={t('withdraw.form.pin')}>
            <div className={styles.passcode}>
              <PasscodeInput
                length={6}
                seperated
                value={pin}
                onChange={(v) => setPin(v.replace(/\D/g, ''))}
                inputMode="numeric"
                data-testid="withdraw-pin"
              />
            </div>
          </Form.Item>
        </Form>
      </Card>
    </>
  );
}
