import { coinContractAdd, coinContractOrderMultiple } from '@piazza/contract/calls/coin-contract';
import { coinBooks, coinInfos } from '@piazza/contract/calls/market';
import { securityOverview } from '@piazza/contract/calls/security';
import type { CallOutput } from '@piazza/contract/define';
import { formatNumber } from '@piazza/core/format-number';
import { formatAmount } from '@piazza/core/money';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Skeleton, Toast } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import coin from '../../shared/coin/coin.module.css';
import { PairPicker } from '../../shared/coin/pair-picker';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { paths } from '../../shared/navigation/paths';
import { useTicker } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import { FigureRow as Row } from '../../shared/ticket/figure-rows';
import styles from '../../shared/ticket/ticket.module.css';
import { NumberField, PinField, Segments, useTicketSend } from '../../shared/ticket/ticket-confirm';
import { useLiveBook } from '../../shared/ticket/use-live-book';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import css from './coin-contract.module.css';
import { contractCalls } from './contract-calls';
import { ContractHistory, OpenPositions } from './contract-positions';
import { type ContractTicketInput, previewContract, usdtScale } from './contract-preview';
import { TransferSheet } from './contract-sheets';

type Terms = CallOutput<typeof coinContractOrderMultiple>;

/**
 * The perpetual contract tab of the crypto trade page (issue 7, decision 017): a USDT-margined long or short
 * at market with a leverage within the retail cap, its size, fee and liquidation price estimated by the
 * server's rules, the risk warning and the appropriateness answer; the open positions with their live P&L
 * and actions, the history, and the transfer between the spot and contract USDT accounts.
 */
export function ContractPanel({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const infos = useApiQuery(coinInfos, {}, { staleTime: 60_000 });
  const [picking, setPicking] = useState(false);
  const pairs = infos.data?.list ?? [];
  const pair = pairs.find((p) => p.symbol === symbol) ?? pairs[0];
  const terms = useApiQuery(
    coinContractOrderMultiple,
    { symbol: pair?.symbol ?? symbol },
    { enabled: !!pair },
  );
  useMoneyEvents(contractCalls);

  if (infos.isError || terms.isError) {
    return (
      <LoadFailed
        onRetry={() => {
          void infos.refetch();
          void terms.refetch();
        }}
      />
    );
  }
  if (!pair || !terms.data) {
    return (
      <Card>
        <Skeleton.Paragraph lineCount={6} animated />
      </Card>
    );
  }
  return (
    <>
      <PairPicker
        pairs={pairs}
        value={pair.symbol}
        visible={picking}
        title={t('coinContract.pickPair')}
        onClose={() => setPicking(false)}
        onPick={(picked) => setParams({ ...Object.fromEntries(params), symbol: picked })}
      />
      <ContractTicket key={pair.symbol} terms={terms.data} onPick={() => setPicking(true)} />
      <OpenPositions />
      <ContractHistory />
    </>
  );
}

function ContractTicket({ terms, onPick }: { terms: Terms; onPick: () => void }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const { symbol, priceScale } = terms;
  const coinName = symbol.replace(/USDT$/, '');
  const quote = useTicker(symbol);
  const book = useLiveBook(symbol, coinBooks);
  const [ticket, setTicket] = useState<ContractTicketInput>({
    side: 'long',
    leverage: terms.leverageMax,
    margin: '',
    type: 'market',
    limitPrice: '',
  });
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const security = useApiQuery(securityOverview, {});
  const pinNeeded = security.data?.trade.set === true;
  const { pin, setPin, sending, send: sendWith } = useTicketSend();
  const [transferring, setTransferring] = useState(false);
  const change = (patch: Partial<ContractTicketInput>) => setTicket((now) => ({ ...now, ...patch }));

  const preview = previewContract(ticket, terms, book);
  const last = quote?.symbol === symbol ? quote.last : terms.lastPrice;
  const usdt = (minor: bigint) => moneyText(formatAmount(minor, usdtScale), 'USDT', lang);
  const price = (minor: bigint) => `${formatNumber(formatAmount(minor, priceScale), lang, priceScale)} USDT`;
  const verdict = terms.appropriateness;
  const blocked = verdict === 'refuse' || verdict === 'missing';
  const canSend =
    !!preview && !blocked && (verdict !== 'warn' || acknowledged) && (!pinNeeded || pin.length === 6);

  const send = async () => {
    if (!preview) return;
    const fields = {
      symbol,
      side: ticket.side,
      type: ticket.type,
      ...(ticket.type === 'limit' ? { price: ticket.limitPrice.replace(',', '.').trim() } : {}),
      margin: ticket.margin.replace(',', '.').trim(),
      leverage: ticket.leverage,
      ...(takeProfit.trim() ? { takeProfit: takeProfit.replace(',', '.').trim() } : {}),
      ...(stopLoss.trim() ? { stopLoss: stopLoss.replace(',', '.').trim() } : {}),
      ...(verdict === 'warn' ? { riskAcknowledged: acknowledged } : {}),
      ...(pinNeeded ? { tradePassword: pin } : {}),
    };
    // A refusal (leverage, margin, balance, appropriateness, password) was shown by the request wrapper.
    await sendWith(
      async () => {
        await api(coinContractAdd, { ...fields, requestId: ids.idFor(fields) });
        ids.settle();
        Toast.show({ content: t(ticket.type === 'limit' ? 'coinContract.placed' : 'coinContract.opened') });
        change({ margin: '' });
        setTakeProfit('');
        setStopLoss('');
      },
      () => {
        setPin('');
        for (const call of contractCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
      },
    );
  };

  return (
    <Card testId="contract-ticket">
      <button type="button" className={coin.pairButton} onClick={onPick} data-testid="contract-pair">
        <span>
          {coinName}/USDT{' '}
          <span className={coin.last} data-testid="contract-last">
            {t('coinContract.last')} {last === null ? '--' : formatNumber(last, lang, priceScale)}
          </span>
        </span>
        <DownOutline />
      </button>
      <div className={css.availableLine}>
        <span>
          {t('coinContract.available')}{' '}
          <strong data-testid="contract-available">{moneyText(terms.available, 'USDT', lang)}</strong>
        </span>
        <Button size="small" onClick={() => setTransferring(true)} data-testid="contract-transfer">
          {t('coinContract.transfer')}
        </Button>
      </div>
      <TransferSheet visible={transferring} onClose={() => setTransferring(false)} />
      <Segments
        options={['long', 'short'] as const}
        value={ticket.side}
        onChange={(side) => change({ side })}
        label={(side) => t(side === 'long' ? 'coinContract.long' : 'coinContract.short')}
        testId={(side) => `contract-side-${side}`}
        tone={(side) => (side === 'long' ? 'up' : 'down')}
      />
      <Segments
        options={['market', 'limit'] as const}
        value={ticket.type}
        onChange={(type) =>
          // A limit starts at the last price, a number already on the tick grid.
          change({ type, limitPrice: ticket.limitPrice === '' ? (last ?? '') : ticket.limitPrice })
        }
        label={(type) => t(type === 'market' ? 'coinContract.market' : 'coinContract.limit')}
        testId={(type) => `contract-type-${type}`}
      />
      {ticket.type === 'limit' && (
        <NumberField
          id="contract-limit-price"
          label={t('coinContract.limitPrice')}
          value={ticket.limitPrice}
          onChange={(limitPrice) => change({ limitPrice })}
          hint={{
            text: t(ticket.side === 'long' ? 'coinContract.limitHintLong' : 'coinContract.limitHintShort'),
          }}
        />
      )}
      <p className={styles.fieldLabel}>{t('coinContract.leverage')}</p>
      <Segments
        options={terms.choices}
        value={ticket.leverage}
        onChange={(leverage) => change({ leverage })}
        label={(leverage) => t('coinContract.leverageOption', { 0: leverage })}
        testId={(leverage) => `contract-leverage-${leverage}`}
      />
      <p className={css.cap}>{t('coinContract.leverageCap', { 0: terms.leverageMax })}</p>
      <NumberField
        id="contract-margin"
        label={t('coinContract.margin')}
        placeholder="0"
        value={ticket.margin}
        onChange={(margin) => change({ margin })}
        hint={{ text: t('coinContract.marginHint', { 0: formatNumber(terms.marginMin, lang, 2) }) }}
      />
      {(
        [
          ['tp', 'takeProfit', 'take-profit', takeProfit, setTakeProfit],
          ['sl', 'stopLoss', 'stop-loss', stopLoss, setStopLoss],
        ] as const
      ).map(([id, label, testId, value, onChange]) => (
        <NumberField
          key={id}
          id={`contract-${id}`}
          label={`${t(`coinContract.${label}`)} ${t('common.optional')}`}
          value={value}
          onChange={onChange}
          testId={`contract-${testId}`}
        />
      ))}
      <ul className={styles.rows}>
        <Row
          label={t('coinContract.size')}
          value={
            preview
              ? `${formatNumber(formatAmount(preview.quantity, terms.quantityScale), lang, terms.quantityScale)} ${coinName}`
              : '--'
          }
          testId="contract-size"
        />
        <Row
          label={t('coinContract.exposure')}
          value={preview ? usdt(preview.notional) : '--'}
          testId="contract-exposure"
        />
        <Row
          label={t('coinContract.fee', { 0: formatNumber(String(terms.feeRateBp / 100), lang, 2) })}
          value={preview ? usdt(preview.fee) : '--'}
          testId="contract-fee"
        />
        <Row
          label={t('coinContract.liquidation')}
          value={
            !preview
              ? '--'
              : preview.liquidation === null
                ? t('coinContract.noLiquidation')
                : price(preview.liquidation)
          }
          testId="contract-liquidation"
        />
      </ul>
      <p className={css.warning} data-testid="contract-risk-warning">
        {t('coinContract.riskWarning')}
      </p>
      <p className={styles.note}>{t('coinContract.noFunding')}</p>
      {verdict === 'warn' && (
        <>
          <p className={css.warning} data-testid="contract-appropriateness">
            {t('coinContract.appropriatenessWarn')}
          </p>
          <Checkbox
            className={css.ack}
            checked={acknowledged}
            onChange={setAcknowledged}
            data-testid="contract-acknowledge"
          >
            {t('coinContract.acknowledge')}
          </Checkbox>
        </>
      )}
      {verdict === 'refuse' && (
        <p className={styles.closed} data-testid="contract-appropriateness">
          {t('coinContract.appropriatenessRefuse')}
        </p>
      )}
      {verdict === 'missing' && (
        <p className={styles.closed} data-testid="contract-appropriateness">
          <Link to={paths.kyc}>{t('coinContract.appropriatenessMissing')}</Link>
        </p>
      )}
      {pinNeeded && <PinField label={t('trade.pin')} value={pin} onChange={setPin} testId="contract-pin" />}
      <div className={styles.actions}>
        <Button
          block
          color={ticket.side === 'long' ? 'success' : 'danger'}
          disabled={!canSend}
          loading={sending}
          onClick={() => void send()}
          data-testid="contract-open"
        >
          {t(
            ticket.type === 'limit'
              ? ticket.side === 'long'
                ? 'coinContract.placeLong'
                : 'coinContract.placeShort'
              : ticket.side === 'long'
                ? 'coinContract.openLong'
                : 'coinContract.openShort',
          )}
        </Button>
      </div>
    </Card>
  );
}
