import type { adminFundingWithdrawRules } from '@piazza/contract/calls/funding-admin';
import type { CallOutput } from '@piazza/contract/define';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Script } from '../../testing/screen-harness';
import ChannelsScreen from './channels.route';
import type { ChannelLine } from './channels-form';

const sepa: ChannelLine = {
  id: 5,
  kind: 'bank',
  name: 'Bonifico SEPA',
  asset: 'EUR',
  network: null,
  minAmount: '10.00',
  maxAmount: '50000.00',
  window: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' },
  active: true,
  beneficiary: 'Piazza SIM S.p.A.',
  iban: 'IT60X0542811101000000123456',
  bic: 'BCITITMM',
  bankName: 'Banca Esempio',
  referenceRule: '{displayId}',
  instructions: null,
  createdAt: Date.UTC(2026, 10, 1, 9, 0),
  updatedAt: Date.UTC(2026, 10, 1, 9, 0),
};

type RuleLine = CallOutput<typeof adminFundingWithdrawRules>['list'][number];

const bankRule: RuleLine = {
  id: 3,
  method: 'bank',
  asset: 'EUR',
  network: null,
  minAmount: '10.00',
  feeFixed: '1.50',
  feeRateBp: 25,
  window: { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00' },
  active: true,
  updatedAt: Date.UTC(2026, 10, 1, 9, 0),
};

/** The server as it would be: what is saved is what the next list shows. */
function server() {
  let channels = [sepa];
  let rules = [bankRule];
  let nextRule = 4;
  const script: Script = {
    '/admin/funding/channels': () => ({ data: { list: channels } }),
    '/admin/funding/channel/save': (p) => {
      const old = channels.find((c) => c.id === Number(p.id)) ?? sepa;
      const saved: ChannelLine = {
        ...old,
        name: p.name ?? old.name,
        minAmount: p.minAmount ?? old.minAmount,
        maxAmount: p.maxAmount ?? old.maxAmount,
        active: p.active === '1',
        updatedAt: old.updatedAt + 60_000,
      };
      channels = channels.map((c) => (c.id === saved.id ? saved : c));
      return { data: saved };
    },
    '/admin/funding/withdraw/rules': () => ({ data: { list: rules } }),
    '/admin/funding/withdraw/rule/save': (p) => {
      const saved: RuleLine = {
        id: nextRule++,
        method: p.method as RuleLine['method'],
        asset: p.asset ?? '',
        network: (p.network ?? null) as RuleLine['network'],
        minAmount: p.minAmount ?? '',
        feeFixed: p.feeFixed ?? '',
        feeRateBp: Number(p.feeRateBp),
        window: { days: (p.days ?? '').split(',').map(Number), from: p.from ?? '', to: p.to ?? '' },
        active: p.active === '1',
        updatedAt: Date.UTC(2026, 10, 2, 9, 0),
      };
      rules = [...rules, saved];
      return { data: saved };
    },
    '/admin/funding/exchange': () => ({ data: { spreadBp: 30, quoteTtlMs: 30_000 } }),
  };
  return script;
}

describe('the channels screen', () => {
  it('lists a channel in Italian numbers and turns it off, changing nothing else (Italian)', async () => {
    const s = renderScreen(<ChannelsScreen />, { route: '/channels', script: server() });
    const row = await screen.findByTestId('channel-row-5');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual([
      'Bonifico SEPAIT60X0542811101000000123456',
      'Bonifico bancario',
      'EUR',
      '10,00 – 50.000,00',
      'lun–ven 09:00–18:00',
      'Attivo',
    ]);
    fireEvent.click(within(row).getByRole('button', { name: 'Disattiva Bonifico SEPA' }));
    await waitFor(() =>
      expect(s.notices()).toEqual(['Bonifico SEPA è spento: gli investitori non lo vedono più.']),
    );
    expect(s.calls('/admin/funding/channel/save').map((c) => c.params)).toEqual([
      {
        id: '5',
        kind: 'bank',
        name: 'Bonifico SEPA',
        asset: 'EUR',
        minAmount: '10.00',
        maxAmount: '50000.00',
        days: '1,2,3,4,5',
        from: '09:00',
        to: '18:00',
        active: '0',
        beneficiary: 'Piazza SIM S.p.A.',
        iban: 'IT60X0542811101000000123456',
        bic: 'BCITITMM',
        bankName: 'Banca Esempio',
        referenceRule: '{displayId}',
      },
    ]);
    // The list is read again and shows the channel off, with the switch to turn it back on.
    await waitFor(() => expect(within(row).getByText('Spento')).toBeTruthy());
    expect(within(row).getByRole('button', { name: 'Attiva Bonifico SEPA' })).toBeTruthy();
  });

  it('edits a channel’s maximum and shows the saved limits (Italian)', async () => {
    const s = renderScreen(<ChannelsScreen />, { route: '/channels', script: server() });
    fireEvent.click(await screen.findByTestId('channel-edit-5'));
    const form = screen.getByTestId('channel-form');
    expect(within(form).getByRole('heading', { level: 2 }).textContent).toBe('Modifica Bonifico SEPA');
    expect((screen.getByTestId('channel-iban') as HTMLInputElement).value).toBe(
      'IT60X0542811101000000123456',
    );
    fireEvent.change(screen.getByTestId('channel-max'), { target: { value: '75000.00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(s.notices()).toEqual(['Canale Bonifico SEPA salvato.']));
    expect(s.calls('/admin/funding/channel/save')[0]?.params).toMatchObject({
      id: '5',
      name: 'Bonifico SEPA',
      minAmount: '10.00',
      maxAmount: '75000.00',
      active: '1',
    });
    await waitFor(() => expect(screen.queryByTestId('channel-form')).toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId('channel-row-5').textContent).toContain('10,00 – 75.000,00'),
    );
  });

  it('adds a crypto withdrawal setting with its network, every day (Italian)', async () => {
    const s = renderScreen(<ChannelsScreen />, { route: '/channels', script: server() });
    const rule = await screen.findByTestId('rule-row-3');
    expect(
      within(rule)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['Conto bancario', 'EUR', '10,00', '1,50 + 0,25%', 'Tutti i giorni 00:00–24:00', 'Attivo']);
    fireEvent.click(screen.getByRole('button', { name: "Aggiungi un'impostazione" }));
    const form = screen.getByTestId('rule-form');
    expect(within(form).getByRole('heading', { level: 3 }).textContent).toBe(
      'Nuova impostazione di prelievo',
    );
    fireEvent.change(screen.getByTestId('rule-method'), { target: { value: 'crypto' } });
    fireEvent.change(screen.getByTestId('rule-asset'), { target: { value: ' usdt ' } });
    fireEvent.change(screen.getByTestId('rule-network'), { target: { value: 'ERC20' } });
    fireEvent.change(screen.getByTestId('rule-min'), { target: { value: '20' } });
    fireEvent.change(screen.getByTestId('rule-fee-fixed'), { target: { value: '1.5' } });
    fireEvent.change(screen.getByTestId('rule-fee-rate'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('rule-day-6'));
    fireEvent.click(screen.getByTestId('rule-day-7'));
    fireEvent.click(within(form).getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(s.notices()).toEqual(['Impostazione di prelievo per Indirizzo crypto in USDT salvata.']),
    );
    expect(s.calls('/admin/funding/withdraw/rule/save').map((c) => c.params)).toEqual([
      {
        method: 'crypto',
        asset: 'USDT',
        network: 'ERC20',
        minAmount: '20',
        feeFixed: '1.5',
        feeRateBp: '10',
        days: '1,2,3,4,5,6,7',
        from: '09:00',
        to: '18:00',
        active: '1',
      },
    ]);
    const added = await screen.findByTestId('rule-row-4');
    expect(added.textContent).toContain('USDT · ERC20');
    expect(added.textContent).toContain('1,5 + 0,10%');
    expect(screen.queryByTestId('rule-form')).toBeNull();
  });

  it('keeps a withdrawal setting’s typed minimum when the server refuses it (English)', async () => {
    const s = renderScreen(<ChannelsScreen />, {
      route: '/channels',
      lang: 'en-US',
      script: {
        ...server(),
        '/admin/funding/withdraw/rule/save': () => ({ refuse: 'Write the amount as digits, e.g. 10.50' }),
      },
    });
    fireEvent.click(await screen.findByTestId('rule-edit-3'));
    expect(screen.getByRole('heading', { name: 'Edit the withdrawal setting' })).toBeTruthy();
    // An edit keeps what names the rule.
    expect((screen.getByTestId('rule-method') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByTestId('rule-asset') as HTMLInputElement).disabled).toBe(true);
    // Not a number at all: the box says so as it is typed (decision 044).
    fireEvent.change(screen.getByTestId('rule-min'), { target: { value: '25.5.0' } });
    expect(screen.getByTestId('rule-min-problem').textContent).toBe(
      'Not a number: write it for example as 1,234.56',
    );
    // A number the server refuses: what was typed stays, the wire carries the decimal.
    fireEvent.change(screen.getByTestId('rule-min'), { target: { value: '1,000,000.5' } });
    expect(screen.queryByTestId('rule-min-problem')).toBeNull();
    fireEvent.click(within(screen.getByTestId('rule-form')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(s.notices()).toEqual(['Write the amount as digits, e.g. 10.50']));
    expect(s.calls('/admin/funding/withdraw/rule/save')[0]?.params).toMatchObject({
      method: 'bank',
      asset: 'EUR',
      minAmount: '1000000.5',
      feeFixed: '1.50',
      feeRateBp: '25',
      days: '1,2,3,4,5,6,7',
      from: '00:00',
      to: '24:00',
    });
    expect((screen.getByTestId('rule-min') as HTMLInputElement).value).toBe('1,000,000.5');
    expect(screen.getByTestId('rule-form')).toBeTruthy();
  });

  it('keeps the spread typed when the server refuses it (English)', async () => {
    const s = renderScreen(<ChannelsScreen />, {
      route: '/channels',
      lang: 'en-US',
      script: {
        ...server(),
        '/admin/funding/exchange/save': () => ({
          refuse: 'The spread must be between 0 and 1000 basis points',
        }),
      },
    });
    const spread = (await screen.findByTestId('exchange-spread')) as HTMLInputElement;
    await waitFor(() => expect(spread.value).toBe('30'));
    expect(screen.getByTestId('exchange-ttl').textContent).toBe('A quote stays valid for 30 seconds.');
    fireEvent.change(spread, { target: { value: '1500' } });
    fireEvent.click(screen.getByTestId('exchange-save'));
    await waitFor(() => expect(s.notices()).toEqual(['The spread must be between 0 and 1000 basis points']));
    expect(s.calls('/admin/funding/exchange/save').map((c) => c.params)).toEqual([{ spreadBp: '1500' }]);
    expect(spread.value).toBe('1500');
  });

  it('shows finance the settings without a way to change them (English)', async () => {
    renderScreen(<ChannelsScreen />, {
      route: '/channels',
      role: 'finance',
      lang: 'en-US',
      script: server(),
    });
    await screen.findByTestId('channel-row-5');
    await screen.findByTestId('rule-row-3');
    expect(
      screen.getByText('What the app offers to deposit, withdraw and exchange. Only an admin can change it.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('channel-add')).toBeNull();
    expect(screen.queryByTestId('channel-toggle-5')).toBeNull();
    expect(screen.queryByTestId('rule-edit-3')).toBeNull();
    expect(screen.queryByTestId('exchange-save')).toBeNull();
    expect((screen.getByTestId('exchange-spread') as HTMLInputElement).readOnly).toBe(true);
  });
});
