import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cellsOf, fill, pauseThenResume, saveAndCheck } from '../../testing/form-steps';
import { renderScreen } from '../../testing/screen-harness';
import FundScreen from './funds.$id.route';
import FundsScreen from './funds.route';

const manager = {
  id: 3,
  name: 'Chiara Bassi',
  photoUrl: 'https://example.com/chiara.jpg',
  bio: 'Vent’anni sui titoli italiani.',
  since: Date.UTC(2026, 10, 16, 8),
  likes: 4,
  liked: false,
  funds: 1,
  trackReturn: '0.098525',
  trackFrom: Date.UTC(2026, 10, 16, 8),
};
const fund = {
  id: 11,
  name: 'Energia Italia',
  managerId: 3,
  managerName: 'Chiara Bassi',
  mode: 'manual',
  strategy: null,
  status: 'active',
  currency: 'EUR',
  minAmount: '100.00',
  managementFee: '0.0150',
  basket: ['ENI.MI', 'ENEL.MI'],
  launchedAt: Date.UTC(2026, 10, 16, 8),
  riskClass: null,
  nav: '1.09852492',
  navAt: Date.UTC(2026, 10, 18, 16, 30),
  bookValue: '3295.57',
  followers: 2,
  liveReturn: '0.098525',
};
const strategyFund = {
  ...fund,
  id: 12,
  name: 'Trend Energia',
  mode: 'strategy',
  strategy: 'trend',
  status: 'paused',
  nav: '1.00000000',
  navAt: null,
  bookValue: '0.00',
  followers: 0,
  liveReturn: null,
};
const info = (f: object = fund) => ({
  fund: f,
  cash: '1645.57',
  holdings: [{ symbol: 'ENI.MI', name: 'Eni', quantity: '150', lastPrice: '11.000', value: '1650.00' }],
  trades: [
    {
      at: Date.UTC(2026, 10, 16, 8, 5),
      symbol: 'ENI.MI',
      side: 'buy',
      quantity: '150',
      price: '10.000',
      value: '1500.00',
      fee: '2.95',
    },
  ],
  navs: [
    { day: '2026-11-16', nav: '1.14852500', value: '2297.05', units: '2000.000000', fee: '0.00' },
    { day: '2026-11-18', nav: '1.09852492', value: '3295.57', units: '2999.995646', fee: '0.00' },
  ],
  navSeries: [{ t: Date.UTC(2026, 10, 18, 16, 30), v: '1.098525' }],
  orders: [
    {
      id: 41,
      fundId: 11,
      fundName: 'Energia Italia',
      currency: 'EUR',
      state: 'active',
      invested: '2000.00',
      units: '2000.000000',
      value: '2197.04',
      createdAt: Date.UTC(2026, 10, 16, 8, 5),
      redeemAt: null,
      returnedAt: null,
      returned: null,
      investor: 'IN3652018200042',
    },
  ],
});
const page = <T,>(list: T[]) => ({ data: { list, total: list.length, page: 1, size: 20 } });

describe('the funds screens', () => {
  it('lists the funds (manager, mode, status, NAV, followers, book value) and their managers', async () => {
    renderScreen(<FundsScreen />, {
      route: '/funds',
      path: '/funds',
      script: {
        '/admin/funds': () => page([fund, strategyFund]),
        '/admin/funds/managers': () =>
          page([manager, { ...manager, id: 4, photoUrl: null, trackReturn: null }]),
      },
    });
    const row = await screen.findByTestId('fund-row-11');
    expect(cellsOf(row)).toEqual([
      'Energia Italia',
      'Chiara Bassi',
      'A mano',
      'Attivo',
      '1,09852492',
      '2',
      '3.295,57 EUR',
    ]);
    expect(within(row).getByRole('link', { name: 'Energia Italia' }).getAttribute('href')).toBe('/funds/11');
    const bound = cellsOf(screen.getByTestId('fund-row-12'));
    expect([bound[2], bound[3]]).toEqual(['Strategia: Trend following', 'Sospeso']);
    const managerRow = await screen.findByTestId('manager-row-3');
    expect(cellsOf(managerRow)).toEqual([
      'Chiara Bassi',
      'Vent’anni sui titoli italiani.',
      'Foto',
      '1',
      '4',
      '+9,85%',
      'Modifica',
    ]);
    expect(cellsOf(screen.getByTestId('manager-row-4'))[2]).toBe('Nessuna');
    expect(cellsOf(screen.getByTestId('manager-row-4'))[5]).toBe('—');
  });

  it('creates a manager: name, biography and photo address, and lists the new profile', async () => {
    let managers: object[] = [];
    const s = renderScreen(<FundsScreen />, {
      route: '/funds',
      path: '/funds',
      script: {
        '/admin/funds': () => page([]),
        '/admin/funds/managers': () => page(managers),
        '/admin/funds/managers/save': (p) => {
          managers = [{ ...manager, name: p.name ?? '', bio: p.bio ?? '', funds: 0, trackReturn: null }];
          return { data: managers[0] };
        },
      },
    });
    fireEvent.click(await screen.findByTestId('manager-new'));
    fill('manager-name', 'Chiara Bassi');
    fill('manager-bio', 'Vent’anni sui titoli italiani.');
    fill('manager-photoUrl', 'https://example.com/chiara.jpg');
    fireEvent.click(screen.getByTestId('manager-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Chiara Bassi salvato']));
    expect(s.calls('/admin/funds/managers/save').map((c) => c.params)).toEqual([
      {
        name: 'Chiara Bassi',
        bio: 'Vent’anni sui titoli italiani.',
        photoUrl: 'https://example.com/chiara.jpg',
      },
    ]);
    expect(screen.queryByTestId('manager-form')).toBeNull();
    expect(cellsOf(await screen.findByTestId('manager-row-3'))[0]).toBe('Chiara Bassi');
  });

  it('edits a manager with their profile filled in, and removes the photo', async () => {
    const s = renderScreen(<FundsScreen />, {
      route: '/funds',
      path: '/funds',
      script: {
        '/admin/funds': () => page([]),
        '/admin/funds/managers': () => page([manager]),
        '/admin/funds/managers/save': () => ({ data: { ...manager, photoUrl: null } }),
      },
    });
    fireEvent.click(await screen.findByTestId('manager-edit-3'));
    expect((screen.getByTestId('manager-name') as HTMLInputElement).value).toBe('Chiara Bassi');
    fill('manager-bio', 'Trent’anni.');
    fill('manager-photoUrl', '');
    await saveAndCheck(s, 'manager-save', 'Chiara Bassi salvato', '/admin/funds/managers/save', {
      id: '3',
      name: 'Chiara Bassi',
      bio: 'Trent’anni.',
    });
  });

  it('keeps the server’s refusal of a manager under the form (English)', async () => {
    const refusal = 'The photo is an address that starts with https:// (at most 300 characters).';
    renderScreen(<FundsScreen />, {
      lang: 'en-US',
      route: '/funds',
      path: '/funds',
      script: {
        '/admin/funds': () => page([]),
        '/admin/funds/managers': () => page([]),
        '/admin/funds/managers/save': () => ({ refuse: refusal }),
      },
    });
    fireEvent.click(await screen.findByTestId('manager-new'));
    fill('manager-name', 'Chiara Bassi');
    fill('manager-bio', 'Twenty years.');
    fill('manager-photoUrl', 'http://example.com/chiara.jpg');
    fireEvent.click(screen.getByTestId('manager-save'));
    const shown = await screen.findByTestId('manager-refusal');
    expect(shown.textContent).toBe(refusal);
    expect(screen.getByTestId('manager-form').contains(shown)).toBe(true);
  });

  it('creates a fund bound to a strategy, typed the Italian way, with no figure to type', async () => {
    const s = renderScreen(<FundsScreen />, {
      route: '/funds',
      path: '/funds',
      script: {
        '/admin/funds': () => page([]),
        '/admin/funds/managers': () => page([manager]),
        '/admin/funds/save': () => ({ data: { ...strategyFund, status: 'active' } }),
      },
    });
    fireEvent.click(await screen.findByTestId('fund-new'));
    const form = screen.getByTestId('fund-form');
    expect(screen.getByTestId('fund-measured-hint').textContent).toMatch(/non si inseriscono/);
    // The strategy is asked only of a fund bound to one.
    expect(screen.queryByTestId('fund-strategy')).toBeNull();
    await within(form).findByRole('option', { name: 'Chiara Bassi' });
    fill('fund-manager', '3');
    fill('fund-name', 'Trend Energia');
    fill('fund-mode', 'strategy');
    fill('fund-strategy', 'breakout');
    fill('fund-basket', 'ENI.MI, ENEL.MI');
    fill('fund-minAmount', '1.000');
    fill('fund-managementFeePercent', '1,5');
    // Only terms: nothing the operator types is a NAV, a return or a risk class.
    const typed = [...form.querySelectorAll('input, select, textarea')].map((e) =>
      e.getAttribute('data-testid'),
    );
    expect(typed).toEqual([
      'fund-manager',
      'fund-name',
      'fund-mode',
      'fund-strategy',
      'fund-basket',
      'fund-minAmount',
      'fund-managementFeePercent',
    ]);
    await saveAndCheck(s, 'fund-save', 'Trend Energia salvato', '/admin/funds/save', {
      managerId: '3',
      name: 'Trend Energia',
      mode: 'strategy',
      strategy: 'breakout',
      basket: 'ENI.MI, ENEL.MI',
      minAmount: '1000',
      managementFeePercent: '1.5',
    });
  });

  it('creates a fund traded by hand, which sends no strategy; the refusal stays under the form (English)', async () => {
    const refusal = 'List 1 to 10 listed Italian shares, separated by commas.';
    let answer: () => { refuse: string } | { data: unknown } = () => ({ refuse: refusal });
    const s = renderScreen(<FundsScreen />, {
      lang: 'en-US',
      route: '/funds',
      path: '/funds',
      script: {
        '/admin/funds': () => page([]),
        '/admin/funds/managers': () => page([manager]),
        '/admin/funds/save': () => answer(),
      },
    });
    fireEvent.click(await screen.findByTestId('fund-new'));
    await screen.findByRole('option', { name: 'Chiara Bassi' });
    fill('fund-manager', '3');
    fill('fund-name', 'Energia Italia');
    fill('fund-mode', 'strategy');
    fill('fund-mode', 'manual');
    fill('fund-minAmount', '100');
    fill('fund-managementFeePercent', '0');
    fireEvent.click(screen.getByTestId('fund-save'));
    const shown = await screen.findByTestId('fund-refusal');
    expect(shown.textContent).toBe(refusal);
    expect(screen.getByTestId('fund-form').contains(shown)).toBe(true);
    answer = () => ({ data: fund });
    fill('fund-basket', 'ENI.MI,ENEL.MI');
    fireEvent.click(screen.getByTestId('fund-save'));
    await waitFor(() => expect(s.calls('/admin/funds/save')).toHaveLength(2));
    expect(s.calls('/admin/funds/save')[1]?.params).toEqual({
      managerId: '3',
      name: 'Energia Italia',
      mode: 'manual',
      basket: 'ENI.MI,ENEL.MI',
      minAmount: '100',
      managementFeePercent: '0',
    });
  });

  it('pauses a fund, then resumes it', async () => {
    let status = 'active';
    const s = renderScreen(<FundScreen />, {
      route: '/funds/:id',
      path: '/funds/11',
      script: {
        '/admin/funds/info': () => ({ data: info({ ...fund, status }) }),
        '/admin/funds/status': (p) => {
          status = p.status ?? status;
          return { data: { ...fund, status } };
        },
      },
    });
    await pauseThenResume(s, 'fund', {
      path: '/admin/funds/status',
      id: '11',
      pausedNotice: 'Energia Italia sospeso: nessun nuovo follower',
    });
  });

  it('sends the manager’s ticket only after a confirmation naming the order, then shows the fill', async () => {
    const s = renderScreen(<FundScreen />, {
      route: '/funds/:id',
      path: '/funds/11',
      script: {
        '/admin/funds/info': () => ({ data: info() }),
        '/admin/funds/order': (p) => ({
          data: {
            at: Date.UTC(2026, 10, 18, 9, 10),
            symbol: p.symbol,
            side: p.side,
            quantity: p.quantity,
            price: '11.000',
            value: '11000.00',
            fee: '10.45',
          },
        }),
      },
    });
    const symbols = within(await screen.findByTestId('ticket-symbol'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(symbols).toEqual(['ENI.MI', 'ENEL.MI']);
    expect((screen.getByTestId('ticket-review') as HTMLButtonElement).disabled).toBe(true);
    fill('ticket-symbol', 'ENEL.MI');
    fill('ticket-side', 'sell');
    fill('ticket-quantity', '1.000');
    fireEvent.click(screen.getByTestId('ticket-review'));
    expect(screen.getByTestId('ticket-confirm-text').textContent).toBe(
      'Inviare un ordine al mercato di vendita di 1.000 ENEL.MI dal portafoglio di Energia Italia?',
    );
    expect(s.calls('/admin/funds/order')).toEqual([]);
    fireEvent.click(screen.getByTestId('ticket-send'));
    await waitFor(() =>
      expect(s.notices()).toEqual([
        'Venduti 1.000 ENEL.MI a 11,000 EUR: 11.000,00 EUR, commissione 10,45 EUR',
      ]),
    );
    expect(s.calls('/admin/funds/order').map((c) => c.params)).toEqual([
      {
        id: '11',
        symbol: 'ENEL.MI',
        side: 'sell',
        quantity: '1000',
        requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    expect(screen.queryByTestId('ticket-confirm-box')).toBeNull();
    expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('');
    // The book is read again after the fill.
    await waitFor(() => expect(s.calls('/admin/funds/info')).toHaveLength(2));
  });

  it('keeps the server’s refusal of a ticket under it, with what was typed', async () => {
    const s = renderScreen(<FundScreen />, {
      route: '/funds/:id',
      path: '/funds/11',
      script: {
        '/admin/funds/info': () => ({ data: info() }),
        '/admin/funds/order': () => ({ refuse: 'Saldo insufficiente' }),
      },
    });
    await screen.findByTestId('ticket-quantity');
    fill('ticket-quantity', '500');
    fireEvent.click(screen.getByTestId('ticket-review'));
    expect(screen.getByTestId('ticket-confirm-text').textContent).toBe(
      'Inviare un ordine al mercato di acquisto di 500 ENI.MI per il portafoglio di Energia Italia?',
    );
    fireEvent.click(screen.getByTestId('ticket-send'));
    const shown = await screen.findByTestId('ticket-refusal');
    expect(shown.textContent).toBe('Saldo insufficiente');
    expect(screen.getByTestId('fund-ticket').contains(shown)).toBe(true);
    expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('500');
    expect(screen.queryByTestId('ticket-confirm-box')).toBeNull();
    // Sent again as it was, it is the same request (the server answers a repeat once); edited, a new one.
    fireEvent.click(screen.getByTestId('ticket-review'));
    fireEvent.click(screen.getByTestId('ticket-send'));
    await waitFor(() => expect(s.calls('/admin/funds/order')).toHaveLength(2));
    await screen.findByTestId('ticket-refusal');
    fill('ticket-quantity', '400');
    fireEvent.click(screen.getByTestId('ticket-review'));
    fireEvent.click(screen.getByTestId('ticket-send'));
    await waitFor(() => expect(s.calls('/admin/funds/order')).toHaveLength(3));
    const sent = s.calls('/admin/funds/order').map((c) => c.params as Record<string, string>);
    expect(sent.map(({ requestId: _, ...order }) => order)).toEqual([
      { id: '11', symbol: 'ENI.MI', side: 'buy', quantity: '500' },
      { id: '11', symbol: 'ENI.MI', side: 'buy', quantity: '500' },
      { id: '11', symbol: 'ENI.MI', side: 'buy', quantity: '400' },
    ]);
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
    expect(sent[2]?.requestId).not.toBe(sent[0]?.requestId);
  });

  it('offers no ticket for a fund bound to a strategy', async () => {
    renderScreen(<FundScreen />, {
      route: '/funds/:id',
      path: '/funds/12',
      script: { '/admin/funds/info': () => ({ data: info(strategyFund) }) },
    });
    await screen.findByTestId('fund-status');
    expect(screen.queryByTestId('fund-ticket')).toBeNull();
    expect(screen.getByTestId('fund-terms').textContent).toContain('Strategia: Trend following');
  });

  it('shows the book: cash, holdings, trades, the NAV history newest first and the followers', async () => {
    renderScreen(<FundScreen />, {
      route: '/funds/:id',
      path: '/funds/11',
      script: { '/admin/funds/info': () => ({ data: info() }) },
    });
    expect((await screen.findByTestId('fund-cash')).textContent).toBe('1.645,57 EUR');
    expect(cellsOf(screen.getByTestId('fund-holdings'))).toEqual([
      'ENI.MI',
      'Eni',
      '150',
      '11,000 EUR',
      '1.650,00 EUR',
    ]);
    const trade = cellsOf(screen.getByTestId('fund-trades'));
    expect(trade.slice(1)).toEqual(['ENI.MI', 'Acquisto', '150', '10,000 EUR', '1.500,00 EUR', '2,95 EUR']);
    const days = within(screen.getByTestId('fund-navs'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(days).toEqual(['18-11-2026', '16-11-2026']);
    expect(cellsOf(screen.getByTestId('fund-order-41'))).toEqual([
      'IN3652018200042',
      'Attiva',
      '2.000,00 EUR',
      '2.000,000000',
      '2.197,04 EUR',
      '16-11-2026',
    ]);
    const terms = screen.getByTestId('fund-terms').textContent ?? '';
    expect(terms).toContain('1,50% annuo');
    expect(terms).toContain('Non ancora classificato');
  });

  it('edits a fund: manager, mode and basket read-only and sent back as created', async () => {
    const s = renderScreen(<FundScreen />, {
      route: '/funds/:id',
      path: '/funds/11',
      script: {
        '/admin/funds/info': () => ({ data: info() }),
        '/admin/funds/save': () => ({ data: { ...fund, name: 'Energia Italia Plus' } }),
      },
    });
    fireEvent.click(await screen.findByTestId('fund-edit'));
    for (const id of ['fund-manager', 'fund-mode', 'fund-basket'])
      expect(screen.getByTestId(id).hasAttribute('readonly')).toBe(true);
    expect((screen.getByTestId('fund-manager') as HTMLInputElement).value).toBe('Chiara Bassi');
    fill('fund-name', 'Energia Italia Plus');
    fill('fund-minAmount', '250,00');
    await saveAndCheck(s, 'fund-save', 'Energia Italia Plus salvato', '/admin/funds/save', {
      id: '11',
      managerId: '3',
      name: 'Energia Italia Plus',
      mode: 'manual',
      basket: 'ENI.MI,ENEL.MI',
      minAmount: '250.00',
      managementFeePercent: '1.50',
    });
    // The manager's list is not asked for when a fund's manager cannot change.
    expect(s.calls('/admin/funds/managers')).toEqual([]);
  });
});
