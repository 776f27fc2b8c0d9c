import {
  coinRechargeAdd,
  coinRechargeAddress,
  coinRechargeAddressGenerate,
  indexRechargeCoins,
} from '@piazza/contract/calls/funding';
import type { CryptoNetwork } from '@piazza/contract/enums';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Skeleton } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { amountWireText, scaleOfAmount } from '../../features/funding/amount-input';
import { amountRule } from '../../features/funding/amount-rule';
import { type Channel, ChannelLimits } from '../../features/funding/channel-limits';
import { CopyRow } from '../../features/funding/copy-row';
import { DepositQr } from '../../features/funding/deposit-qr';
import styles from '../../features/funding/funding.module.css';
import { fundingPaths } from '../../features/funding/funding-paths';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { NumberInput } from '../../shared/forms/number-input';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { RequireSession } from '../../shared/session/require-session';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';

/**
 * The user's own deposit address for a coin on one network (?channelId=), as text with Copy and as a QR code
 * drawn here, with a plain warning to send only that coin on that network; then the amount and the
 * transaction hash, so an operator can match the transfer.
 */
export default function CoinRecharge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page
      title={t('recharge.coin.title')}
      right={
        <NavButton
          label={t('recharge.records')}
          onClick={() => navigate(fundingPaths.coinRechargeList)}
          testId="coin-records-link"
        >
          <UnorderedListOutline />
        </NavButton>
      }
    >
      <RequireSession>{() => <CoinDeposit />}</RequireSession>
    </Page>
  );
}

function CoinDeposit() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const coins = useApiQuery(indexRechargeCoins, {});
  if (coins.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (coins.isError) return <LoadFailed onRetry={() => void coins.refetch()} />;
  const wanted = Number(search.get('channelId'));
  const channel = coins.data.list.find((c) => c.id === wanted) ?? coins.data.list[0];
  if (!channel?.network) return <Card testId="recharge-no-channel">{t('recharge.noChannel')}</Card>;
  return (
    <>
      <DepositAddress channel={channel} network={channel.network} />
      <CoinDepositForm channel={channel} />
    </>
  );
}

function DepositAddress({ channel, network }: { channel: Channel; network: CryptoNetwork }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const address = useApiQuery(coinRechargeAddress, { network });
  const [generating, setGenerating] = useState(false);
  const generate = async () => {
    setGenerating(true);
    try {
      await api(coinRechargeAddressGenerate, { network });
      await client.invalidateQueries({ queryKey: [coinRechargeAddress.path] });
    } catch {
      // Shown by the request wrapper.
    } finally {
      setGenerating(false);
    }
  };
  if (address.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (address.isError) return <LoadFailed onRetry={() => void address.refetch()} />;
  const text = address.data.address;
  return (
    <Card
      title={t('recharge.coin.addressTitle', { 0: channel.asset, 1: t(`funding.network.${network}`) })}
      testId="coin-address"
    >
      <p className={styles.warning} data-testid="coin-warning">
        {t('recharge.coin.warning', { 0: channel.asset, 1: t(`funding.network.${network}`) })}
      </p>
      {text === null ? (
        <Button block color="primary" loading={generating} onClick={generate} data-testid="coin-generate">
          {t('recharge.coin.generate')}
        </Button>
      ) : (
        <div className={styles.qrBox}>
          <DepositQr text={text} label={t('recharge.coin.qrLabel', { 0: channel.asset, 1: network })} />
          <ul className={`${styles.rows} ${styles.fullWidth}`}>
            <CopyRow label={t('recharge.coin.address')} value={text} testId="coin-address-text" />
            <li className={styles.row}>
              <span className={styles.label}>{t('recharge.coin.network')}</span>
              <span className={styles.value} data-testid="coin-network">
                {t(`funding.network.${network}`)}
              </span>
            </li>
          </ul>
          {address.data.demo && (
            <p className={styles.warning} data-testid="coin-demo">
              {t('recharge.coin.demo')}
            </p>
          )}
        </div>
      )}
      <ChannelLimits channel={channel} />
    </Card>
  );
}

interface CoinFields {
  amount: string;
  utr: string;
}

function CoinDepositForm({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<CoinFields>();
  const ids = useSubmissionIds();
  const [submitting, setSubmitting] = useState(false);
  const scale = scaleOfAmount(channel.minAmount);
  const submit = async (values: CoinFields) => {
    const params = {
      channelId: channel.id,
      amount: amountWireText(values.amount, scale) ?? values.amount,
      utr: values.utr.trim(),
    };
    setSubmitting(true);
    try {
      const deposit = await api(coinRechargeAdd, { ...params, requestId: ids.idFor(params) });
      ids.settle();
      navigate(`${fundingPaths.rechargeCheck}?id=${deposit.id}`, { replace: true });
    } catch {
      // Shown by the request wrapper; the same id serves a retry.
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Card title={t('recharge.coin.sentTitle')} testId="coin-form">
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
            data-testid="coin-submit"
          >
            {t('recharge.form.submit')}
          </Button>
        }
      >
        <Form.Item
          name="amount"
          label={t('recharge.form.amount', { 0: channel.asset })}
          rules={[amountRule(t, scale, { min: channel.minAmount })]}
        >
          <NumberInput
            quiet
            scale={scale}
            placeholder={t('recharge.form.amountPlaceholder')}
            testId="coin-amount"
          />
        </Form.Item>
        <Form.Item
          name="utr"
          label={t('recharge.coin.txHash')}
          rules={[{ required: true, min: 4, message: t('recharge.coin.txHashRequired') }]}
        >
          <Input placeholder={t('recharge.coin.txHashPlaceholder')} data-testid="coin-tx-hash" />
        </Form.Item>
      </Form>
    </Card>
  );
}
