import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import { TotpReset } from './totp-reset';

const operator = { id: 3, email: 'finance@piazza.local' };

describe('resetting an operator’s two-factor login', () => {
  it('asks a reason, resets, and says how the operator signs in now (Italian)', async () => {
    const s = renderScreen(<TotpReset operator={operator} />, {
      script: { '/admin/totp/reset': () => ({ data: { id: 3, enrolled: false } }) },
    });
    fireEvent.click(screen.getByTestId('totp-reset-3'));
    fireEvent.change(screen.getByTestId('totp-reset-reason-3'), { target: { value: 'Telefono smarrito' } });
    fireEvent.click(screen.getByTestId('totp-reset-submit-3'));
    await waitFor(() =>
      expect(s.notices()).toEqual([
        'L’accesso a due fattori di finance@piazza.local è disattivo: entra con la password e lo riattiva.',
      ]),
    );
    expect(s.calls('/admin/totp/reset').map((c) => c.params)).toEqual([
      { id: '3', reason: 'Telefono smarrito' },
    ]);
  });

  it('keeps the reason when the server refuses (English)', async () => {
    const s = renderScreen(<TotpReset operator={operator} />, {
      lang: 'en-US',
      script: { '/admin/totp/reset': () => ({ refuse: 'Give a reason of at least 3 characters' }) },
    });
    fireEvent.click(screen.getByTestId('totp-reset-3'));
    fireEvent.change(screen.getByTestId('totp-reset-reason-3'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('totp-reset-submit-3'));
    await waitFor(() => expect(s.notices()).toEqual(['Give a reason of at least 3 characters']));
    expect((screen.getByTestId('totp-reset-reason-3') as HTMLInputElement).value).toBe('x');
  });
});
