import { userRechargeAdd, userRechargeBankRequest } from '@piazza/contract/calls/funding';
import { Button, Form, ImageUploader, type ImageUploadItem, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { NumberInput } from '../../shared/forms/number-input';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { Card } from '../../shared/ui/card';
import { amountWireText, scaleOfAmount } from './amount-input';
import { amountRule } from './amount-rule';
import type { Channel } from './channel-limits';
import styles from './funding.module.css';
import { fundingPaths } from './funding-paths';
import { uploadReceipt } from './upload-receipt';

interface DepositFields {
  amount: string;
  utr?: string;
}

const receiptTypes = 'image/jpeg,image/png';

/**
 * After paying a bank, wallet or offline channel: the amount paid and the proof (a receipt image, a UTR, or
 * both). The deposit then waits for an operator; the user lands on its own page to follow it.
 */
export function DepositForm({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<DepositFields>();
  const ids = useSubmissionIds();
  const [receipts, setReceipts] = useState<ImageUploadItem[]>([]);
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [proofMissing, setProofMissing] = useState(false);
  const scale = scaleOfAmount(channel.minAmount);

  const submit = async (values: DepositFields) => {
    const receiptId = receipts[0]?.extra as string | undefined;
    const utr = values.utr?.trim() || undefined;
    if (!receiptId && !utr) {
      setProofMissing(true);
      return;
    }
    const amount = amountWireText(values.amount, scale) ?? values.amount;
    const params = { channelId: channel.id, amount, utr, receiptId };
    setSubmitting(true);
    try {
      const call = channel.kind === 'bank' ? userRechargeBankRequest : userRechargeAdd;
      const deposit = await api(call, { ...params, requestId: ids.idFor(params) });
      ids.settle();
      navigate(`${fundingPaths.rechargeCheck}?id=${deposit.id}`, { replace: true });
    } catch {
      // Refusals (limits, hours, proof) were shown by the request wrapper; the same id serves a retry.
    } finally {
      setSubmitting(false);
    }
  };

  const upload = async (file: File): Promise<ImageUploadItem> => {
    setUploading(true);
    try {
      const doc = await uploadReceipt(file);
      setProofMissing(false);
      // The stored copy is served only with the token; the preview shows the local file.
      return { url: URL.createObjectURL(file), extra: doc.id };
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card title={t('recharge.form.title')} testId="deposit-form">
      <Form
        form={form}
        layout="vertical"
        requiredMarkStyle="none"
        onFinish={submit}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={submitting}
            disabled={uploading || !channel.openNow}
            data-testid="deposit-submit"
          >
            {t('recharge.form.submit')}
          </Button>
        }
      >
        <Form.Item
          name="amount"
          label={t('recharge.form.amount', { 0: channel.asset })}
          rules={[amountRule(t, scale, { min: channel.minAmount, max: channel.maxAmount })]}
        >
          <NumberInput
            quiet
            scale={scale}
            placeholder={t('recharge.form.amountPlaceholder')}
            testId="deposit-amount"
          />
        </Form.Item>
        <Form.Item
          name="utr"
          label={`${t(channel.kind === 'bank' ? 'recharge.form.utr' : 'recharge.form.reference')} ${t('common.optional')}`}
        >
          <Input placeholder={t('recharge.form.utrPlaceholder')} data-testid="deposit-utr" />
        </Form.Item>
        <Form.Item
          label={`${t('recharge.form.receipt')} ${t('common.optional')}`}
          help={t('recharge.form.receiptHelp')}
        >
          <div data-testid="deposit-receipt">
            <ImageUploader
              value={receipts}
              onChange={setReceipts}
              upload={upload}
              accept={receiptTypes}
              maxCount={1}
              onDelete={(item) => URL.revokeObjectURL(item.url)}
            />
          </div>
        </Form.Item>
      </Form>
      {proofMissing && (
        <p role="alert" className={styles.reason} data-testid="deposit-proof-missing">
          {t('recharge.form.proofMissing')}
        </p>
      )}
    </Card>
  );
}
