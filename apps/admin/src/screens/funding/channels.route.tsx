import {
  adminFundingChannelSave,
  adminFundingChannels,
  adminFundingExchangeConfig,
  adminFundingWithdrawRules,
} from '@piazza/contract/calls/funding-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { ExchangeSettings } from './channels-exchange';
import { ChannelForm, type ChannelLine, channelParams } from './channels-form';
import { WithdrawRules } from './channels-withdraw-rules';
import { WindowText } from './funding-window';

/** Switches a channel on or off in one click; the rest of it stays as saved. */
function ActiveSwitch({ channel, onDone }: { channel: ChannelLine; onDone(): void }) {
  const { t } = useTranslation();
  const next = !channel.active;
  const change = useMutation({
    mutationFn: () => request(adminFundingChannelSave, channelParams(channel, next)),
    onSuccess: (saved) => {
      showNotice('success', t(saved.active ? 'channels.nowOn' : 'channels.nowOff', { name: saved.name }));
      onDone();
    },
  });
  return (
    <button
      type="button"
      className={next ? 'secondary' : 'secondary danger-text'}
      disabled={change.isPending}
      onClick={() => change.mutate()}
      aria-label={t(next ? 'channels.turnOnFor' : 'channels.turnOffFor', { name: channel.name })}
      data-testid={`channel-toggle-${channel.id}`}
    >
      {t(next ? 'channels.turnOn' : 'channels.turnOff')}
    </button>
  );
}

/** Deposit channels, withdrawal settings and the exchange spread: what the money screens of the app offer. */
export default function ChannelsScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const channels = useQuery({ queryKey: ['channels'], queryFn: () => request(adminFundingChannels, {}) });
  // null: nothing open; 'new': the add form; a number: that channel's edit form.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const mayEdit = can(role, adminFundingChannelSave);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['channels'] });
  const done = () => {
    setEditing(null);
    refresh();
  };
  const editingChannel = channels.data?.list.find((c) => c.id === editing) ?? null;

  return (
    <section aria-labelledby="channels-title">
      <h1 id="channels-title">{t('channels.title')}</h1>
      <p className="muted">{t(mayEdit ? 'channels.hint' : 'channels.readOnly')}</p>
      <article className="card" aria-labelledby="deposit-channels-title">
        <h2 id="deposit-channels-title">{t('channels.depositTitle')}</h2>
        {channels.isPending && <p className="muted">{t('common.loading')}</p>}
        {channels.data && channels.data.list.length === 0 && <p className="muted">{t('channels.none')}</p>}
        {channels.data && channels.data.list.length > 0 && (
          <table data-testid="channels-table">
            <thead>
              <tr>
                <th scope="col">{t('channels.name')}</th>
                <th scope="col">{t('channels.kind')}</th>
                <th scope="col">{t('channels.asset')}</th>
                <th scope="col" className="num">
                  {t('channels.limits')}
                </th>
                <th scope="col">{t('window.title')}</th>
                <th scope="col">{t('channels.state')}</th>
                {mayEdit && (
                  <th scope="col">
                    <span className="visually-hidden">{t('channels.edit')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {channels.data.list.map((c) => (
                <tr key={c.id} data-testid={`channel-row-${c.id}`}>
                  <td>
                    <div>{c.name}</div>
                    {c.iban && <small className="muted">{c.iban}</small>}
                  </td>
                  <td>{t(`channelKind.${c.kind}`)}</td>
                  <td>
                    {c.asset}
                    {c.network ? ` · ${c.network}` : ''}
                  </td>
                  <td className="num nowrap">
                    {formatLedgerAmount(c.minAmount, lang)} – {formatLedgerAmount(c.maxAmount, lang)}
                  </td>
                  <td>
                    <WindowText window={c.window} />
                  </td>
                  <td>
                    <span className={`badge ${c.active ? 'badge-ok' : 'badge-off'}`}>
                      {t(c.active ? 'channels.on' : 'channels.off')}
                    </span>
                  </td>
                  {mayEdit && (
                    <td className="actions">
                      <div className="row">
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => setEditing(c.id)}
                          data-testid={`channel-edit-${c.id}`}
                        >
                          {t('channels.edit')}
                        </button>
                        <ActiveSwitch channel={c} onDone={refresh} />
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {mayEdit && editing === null && (
          <button type="button" onClick={() => setEditing('new')} data-testid="channel-add">
            {t('channels.add')}
          </button>
        )}
      </article>
      {mayEdit && editing !== null && (
        <ChannelForm
          key={String(editing)}
          channel={editingChannel}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      )}
      {can(role, adminFundingWithdrawRules) && <WithdrawRules />}
      {can(role, adminFundingExchangeConfig) && <ExchangeSettings />}
    </section>
  );
}
