import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import { ExchangeSettings } from './channels-exchange';
import { ChannelForm } from './channels-form';

const saved = (p: Record<string, string>) => ({
  data: {
    id: 5,
    kind: p.kind,
    name: p.name,
    asset: p.asset,
    network: null,
    minAmount: '10.00',
    maxAmount: '50000.00',
    window: { days: [1, 2, 3, 4, 5], from: p.from, to: p.to },
    active: true,
    beneficiary: p.beneficiary ?? null,
    iban: p.iban ?? null,
    bic: p.bic ?? null,
    bankName: p.bankName ?? null,
    referenceRule: p.referenceRule ?? null,
    instructions: p.instructions ?? null,
    createdAt: 1,
    updatedAt: 1,
  },
});

describe('a deposit channel', () => {
  it('is added as a SEPA transfer with its IBAN written without spaces (Italian)', async () => {
    let done = 0;
    const s = renderScreen(<ChannelForm channel={null} onDone={() => done++} onCancel={() => {}} />, {
      role: 'finance',
      script: { '/admin/funding/channel/save': saved },
    });
    fireEvent.change(screen.getByTestId('channel-name'), { target: { value: 'Bonifico SEPA' } });
    fireEvent.change(screen.getByTestId('channel-min'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('channel-max'), { target: { value: '50000' } });
    fireEvent.change(screen.getByTestId('channel-beneficiary'), { target: { value: 'Piazza SIM S.p.A.' } });
    fireEvent.change(screen.getByTestId('channel-bank-name'), { target: { value: 'Banca Esempio' } });
    fireEvent.change(screen.getByTestId('channel-iban'), {
      target: { value: 'IT60 X054 2811 1010 0000 0123 456' },
    });
    fireEvent.change(screen.getByTestId('channel-bic'), { target: { value: 'BCITITMM' } });
    fireEvent.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Canale Bonifico SEPA salvato.']));
    expect(done).toBe(1);
    expect(s.calls('/admin/funding/channel/save')[0]?.params).toMatchObject({
      kind: 'bank',
      name: 'Bonifico SEPA',
      asset: 'EUR',
      minAmount: '10',
      maxAmount: '50000',
      days: '1,2,3,4,5',
      from: '09:00',
      to: '18:00',
      active: '1',
      iban: 'IT60X0542811101000000123456',
      bic: 'BCITITMM',
    });
  });

  it('stays open with what was typed when the server refuses the IBAN (English)', async () => {
    let done = 0;
    const s = renderScreen(<ChannelForm channel={null} onDone={() => done++} onCancel={() => {}} />, {
      role: 'finance',
      lang: 'en-US',
      script: { '/admin/funding/channel/save': () => ({ refuse: 'IBAN: the check digits do not match' }) },
    });
    fireEvent.change(screen.getByTestId('channel-name'), { target: { value: 'SEPA' } });
    fireEvent.change(screen.getByTestId('channel-iban'), { target: { value: 'IT00 0000' } });
    fireEvent.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(s.notices()).toEqual(['IBAN: the check digits do not match']));
    expect(done).toBe(0);
    expect((screen.getByTestId('channel-iban') as HTMLInputElement).value).toBe('IT00 0000');
  });
});

describe('the exchange spread', () => {
  it('saves a new spread in basis points (Italian)', async () => {
    const s = renderScreen(<ExchangeSettings />, {
      role: 'admin',
      script: {
        '/admin/funding/exchange': () => ({ data: { spreadBp: 30, quoteTtlMs: 30_000 } }),
        '/admin/funding/exchange/save': (p) => ({
          data: { spreadBp: Number(p.spreadBp), quoteTtlMs: 30_000 },
        }),
      },
    });
    const spread = (await screen.findByTestId('exchange-spread')) as HTMLInputElement;
    await waitFor(() => expect(spread.value).toBe('30'));
    fireEvent.change(spread, { target: { value: '45' } });
    fireEvent.click(await screen.findByTestId('exchange-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Spread impostato a 45 punti base.']));
    expect(s.calls('/admin/funding/exchange/save').map((c) => c.params)).toEqual([{ spreadBp: '45' }]);
  });
});
