import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cellsOf, fill, pauseThenResume, saveAndCheck } from '../../testing/form-steps';
import { renderScreen } from '../../testing/screen-harness';
import RobotScreen from './robots.$id.route';
import RobotsScreen from './robots.route';

const robot = {
  id: 7,
  name: 'Trend Italia',
  strategy: 'trend',
  status: 'active',
  level: 3,
  currency: 'EUR',
  periodDays: 90,
  lockDays: 30,
  earlyExit: true,
  minAmount: '1000.00',
  maxAmount: '50000.00',
  managementFee: '0.015',
  basket: ['ENI.MI', 'ISP.MI'],
  launchedAt: Date.UTC(2026, 10, 2, 16, 30),
  riskClass: 4,
  nav: '1.07340000',
  navAt: Date.UTC(2026, 10, 24, 16, 30),
  bookValue: '125400.50',
  subscribers: 12,
  liveReturn: '0.0734',
};
const info = (status = 'active') => ({
  robot: { ...robot, status },
  cash: '20400.50',
  holdings: [
    {
      symbol: 'ENI.MI',
      name: 'Eni',
      targetWeight: '0.5',
      quantity: '3500',
      value: '52500.00',
      lastPrice: '15.00',
    },
  ],
  navs: [
    { day: '2026-11-23', nav: '1.07000000', value: '125000.00', units: '116822.429906', fee: '5.15' },
    { day: '2026-11-24', nav: '1.07340000', value: '125400.50', units: '116822.429906', fee: '5.16' },
  ],
  navSeries: [{ t: Date.UTC(2026, 10, 24, 16, 30), v: '1.0734' }],
  orders: [
    {
      id: 301,
      robotId: 7,
      robotName: 'Trend Italia',
      currency: 'EUR',
      state: 'active',
      invested: '5000.00',
      units: '4672.897196',
      value: '5015.88',
      profit: '15.88',
      createdAt: Date.UTC(2026, 10, 20, 10),
      lockedUntil: Date.UTC(2026, 11, 20, 10),
      endsAt: Date.UTC(2027, 1, 18, 10),
      canExit: false,
      redeemReason: null,
      returnedAt: null,
      returned: null,
      investor: 'IN3652018200042',
    },
  ],
});

describe('the AI products screens', () => {
  it('lists the products the server sent: strategy translated, NAV, book value, subscribers, live return', async () => {
    renderScreen(<RobotsScreen />, {
      route: '/robots',
      path: '/robots',
      script: {
        '/admin/robots': () => ({
          data: {
            list: [
              robot,
              {
                ...robot,
                id: 8,
                name: 'Volatilità 10',
                strategy: 'volatilityTarget',
                status: 'paused',
                liveReturn: null,
              },
            ],
            total: 2,
            page: 1,
            size: 20,
          },
        }),
      },
    });
    const row = await screen.findByTestId('robot-row-7');
    const cells = cellsOf(row);
    expect(cells).toEqual([
      'Trend Italia',
      'Trend following',
      '3',
      'Attivo',
      '1,07340000',
      '125.400,50 EUR',
      '12',
      '+7,34%',
    ]);
    const paused = cellsOf(screen.getByTestId('robot-row-8'));
    expect(paused[1]).toBe('Volatilità obiettivo');
    expect(paused[3]).toBe('Sospeso');
    expect(paused[7]).toBe('—');
    expect(within(row).getByRole('link', { name: 'Trend Italia' }).getAttribute('href')).toBe('/robots/7');
  });

  it('creates a product typed the Italian way, and says returns are measured, never entered', async () => {
    const s = renderScreen(<RobotsScreen />, {
      route: '/robots',
      path: '/robots',
      script: {
        '/admin/robots': () => ({ data: { list: [], total: 0, page: 1, size: 20 } }),
        '/admin/robots/save': () => ({ data: { ...robot, strategy: 'breakout' } }),
      },
    });
    fireEvent.click(await screen.findByTestId('robot-new'));
    expect(screen.getByTestId('robot-measured-hint').textContent).toMatch(/non si inseriscono/);
    fill('robot-name', 'Trend Italia');
    fill('robot-strategy', 'breakout');
    fill('robot-basket', 'ENI, ISP, UCG');
    fill('robot-level', '3');
    fill('robot-periodDays', '90');
    fill('robot-lockDays', '30');
    fireEvent.click(screen.getByTestId('robot-earlyExit'));
    fill('robot-minAmount', '1.000');
    fill('robot-maxAmount', '50.000,50');
    fill('robot-managementFeePercent', '1,5');
    await saveAndCheck(s, 'robot-save', 'Trend Italia salvato', '/admin/robots/save', {
      name: 'Trend Italia',
      strategy: 'breakout',
      basket: 'ENI, ISP, UCG',
      level: '3',
      periodDays: '90',
      lockDays: '30',
      earlyExit: '1',
      minAmount: '1000',
      maxAmount: '50000.50',
      managementFeePercent: '1.5',
    });
  });

  it('keeps the server’s refusal under the form (English)', async () => {
    const refusal = 'List 1 to 10 listed Italian shares, separated by commas.';
    renderScreen(<RobotsScreen />, {
      lang: 'en-US',
      route: '/robots',
      path: '/robots',
      script: {
        '/admin/robots': () => ({ data: { list: [], total: 0, page: 1, size: 20 } }),
        '/admin/robots/save': () => ({ refuse: refusal }),
      },
    });
    fireEvent.click(await screen.findByTestId('robot-new'));
    fill('robot-name', 'Empty basket');
    fireEvent.click(screen.getByTestId('robot-save'));
    const shown = await screen.findByTestId('robot-refusal');
    expect(shown.textContent).toBe(refusal);
    expect(screen.getByTestId('robot-form').contains(shown)).toBe(true);
  });

  it('pauses a product, then resumes it', async () => {
    let status = 'active';
    const s = renderScreen(<RobotScreen />, {
      route: '/robots/:id',
      path: '/robots/7',
      script: {
        '/admin/robots/info': () => ({ data: info(status) }),
        '/admin/robots/status': (p) => {
          status = p.status ?? status;
          return { data: { ...robot, status } };
        },
      },
    });
    await pauseThenResume(s, 'robot', {
      path: '/admin/robots/status',
      id: '7',
      pausedNotice: 'Trend Italia sospeso: nessuna nuova sottoscrizione',
    });
  });

  it('shows the book: cash, holdings, the NAV history newest first and the subscriptions', async () => {
    renderScreen(<RobotScreen />, {
      route: '/robots/:id',
      path: '/robots/7',
      script: { '/admin/robots/info': () => ({ data: info() }) },
    });
    expect((await screen.findByTestId('robot-cash')).textContent).toBe('20.400,50 EUR');
    const holding = cellsOf(screen.getByTestId('robot-holdings'));
    expect(holding).toEqual(['ENI.MI', 'Eni', '50,00%', '3.500', '15,00 EUR', '52.500,00 EUR']);
    const days = within(screen.getByTestId('robot-navs'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(days).toEqual(['24-11-2026', '23-11-2026']);
    const order = cellsOf(screen.getByTestId('robot-order-301'));
    expect(order).toEqual([
      'IN3652018200042',
      'Attiva',
      '5.000,00 EUR',
      '4.672,897196',
      '5.015,88 EUR',
      '18-02-2027',
    ]);
  });

  it('edits a product with its strategy and basket read-only, sent back as created', async () => {
    const s = renderScreen(<RobotScreen />, {
      route: '/robots/:id',
      path: '/robots/7',
      script: {
        '/admin/robots/info': () => ({ data: info() }),
        '/admin/robots/save': () => ({ data: { ...robot, level: 4 } }),
      },
    });
    fireEvent.click(await screen.findByTestId('robot-edit'));
    expect(screen.getByTestId('robot-strategy').hasAttribute('readonly')).toBe(true);
    expect(screen.getByTestId('robot-basket').hasAttribute('readonly')).toBe(true);
    fill('robot-level', '4');
    await saveAndCheck(s, 'robot-save', 'Trend Italia salvato', '/admin/robots/save', {
      id: '7',
      name: 'Trend Italia',
      strategy: 'trend',
      basket: 'ENI.MI,ISP.MI',
      level: '4',
      periodDays: '90',
      lockDays: '30',
      earlyExit: '1',
      minAmount: '1000.00',
      maxAmount: '50000.00',
      managementFeePercent: '1.50',
    });
  });
});
