import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import DocumentsScreen from './documents.route';

const statement = {
  id: 'a'.repeat(32),
  kind: 'statement',
  period: '2026-11',
  language: 'it-IT',
  final: true,
  createdAt: Date.UTC(2026, 11, 1, 0, 5),
  pdfSize: 7_684,
  csvSize: 912,
  closing: [{ purpose: 'spot', asset: 'EUR', balance: '1491.98' }],
};

const script = {
  '/admin/documents': () => ({ data: { list: [statement], total: 1, page: 1, size: 50 } }),
  '/admin/documents/generate': () => ({
    data: { ...statement, kind: 'costs', period: '2026', final: false },
  }),
};

describe('the Documents screen', () => {
  it('lists an investor’s documents and makes one for them (Italian)', async () => {
    const s = renderScreen(<DocumentsScreen />, { role: 'finance', script });
    fireEvent.change(screen.getByTestId('documents-user'), { target: { value: '42' } });
    fireEvent.click(screen.getByTestId('documents-load'));
    const row = await screen.findByTestId('documents-row-statement-2026-11-it-IT');
    expect(row.textContent).toContain('Estratto conto');
    expect(row.textContent).toContain('Definitivo');
    fireEvent.change(screen.getByTestId('documents-kind'), { target: { value: 'costs' } });
    fireEvent.change(screen.getByTestId('documents-period'), { target: { value: '2026' } });
    fireEvent.click(screen.getByTestId('documents-make'));
    await waitFor(() => expect(s.notices()).toEqual(['Documento Rendiconto costi e oneri 2026 creato']));
    expect(s.calls('/admin/documents/generate')).toEqual([
      {
        method: 'POST',
        path: '/admin/documents/generate',
        params: { userId: '42', kind: 'costs', period: '2026' },
        lang: 'it-IT',
      },
    ]);
  });

  it('shows the server’s refusal of a period not begun (English)', async () => {
    const s = renderScreen(<DocumentsScreen />, {
      role: 'admin',
      lang: 'en-US',
      script: {
        ...script,
        '/admin/documents/generate': () => ({ refuse: 'The period 2027 has not begun yet.' }),
      },
    });
    fireEvent.change(screen.getByTestId('documents-user'), { target: { value: '42' } });
    fireEvent.click(screen.getByTestId('documents-load'));
    await screen.findByTestId('documents-row-statement-2026-11-it-IT');
    fireEvent.change(screen.getByTestId('documents-period'), { target: { value: '2027' } });
    fireEvent.click(screen.getByTestId('documents-make'));
    await waitFor(() => expect(s.notices()).toEqual(['The period 2027 has not begun yet.']));
  });

  it('offers nothing to make to support, whose role reads no documents', async () => {
    renderScreen(<DocumentsScreen />, { role: 'support', lang: 'en-US', script });
    fireEvent.change(screen.getByTestId('documents-user'), { target: { value: '42' } });
    fireEvent.click(screen.getByTestId('documents-load'));
    expect(screen.queryByTestId('documents-make')).toBeNull();
  });
});
