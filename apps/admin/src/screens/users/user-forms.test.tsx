import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import { UserRewardForm } from './user-reward-form';
import { UserStatusForm } from './user-status-form';

describe('the investor status form', () => {
  it('disables an account with a reason and says so (Italian)', async () => {
    const s = renderScreen(<UserStatusForm userId={42} status={1} />, {
      script: { '/admin/user/status': () => ({ data: { id: 42, status: 0, sessionsEnded: 2 } }) },
    });
    fireEvent.change(screen.getByTestId('status-reason'), { target: { value: 'Richiesta del cliente' } });
    fireEvent.click(screen.getByTestId('status-submit'));
    await waitFor(() =>
      expect(s.notices()).toEqual(['L’account è disattivato e ogni sua sessione è terminata.']),
    );
    expect(s.calls('/admin/user/status').map((c) => c.params)).toEqual([
      { id: '42', status: '0', reason: 'Richiesta del cliente' },
    ]);
    expect((screen.getByTestId('status-reason') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the server’s refusal and keeps the reason typed (English)', async () => {
    const s = renderScreen(<UserStatusForm userId={42} status={1} />, {
      lang: 'en-US',
      script: { '/admin/user/status': () => ({ refuse: 'Give a reason of at least 3 characters' }) },
    });
    fireEvent.change(screen.getByTestId('status-reason'), { target: { value: 'no' } });
    fireEvent.click(screen.getByTestId('status-submit'));
    await waitFor(() => expect(s.notices()).toEqual(['Give a reason of at least 3 characters']));
    expect((screen.getByTestId('status-reason') as HTMLTextAreaElement).value).toBe('no');
  });
});

describe('the reward form', () => {
  it('credits after a review, and a retry after a refusal sends the same request id', async () => {
    let tries = 0;
    const s = renderScreen(<UserRewardForm userId={42} displayId="IN36520182042" />, {
      script: {
        '/admin/user/reward': (p) =>
          ++tries === 1
            ? { refuse: 'Richiesta già in corso' }
            : { data: { entryId: '9', id: 42, asset: p.asset ?? '', amount: '250.00' } },
      },
    });
    fireEvent.change(screen.getByTestId('reward-amount'), { target: { value: '250' } });
    fireEvent.change(screen.getByTestId('reward-reason'), { target: { value: 'Bonus di benvenuto' } });
    fireEvent.click(screen.getByTestId('reward-review'));
    fireEvent.click(await screen.findByTestId('reward-confirm'));
    await waitFor(() => expect(s.notices()).toEqual(['Richiesta già in corso']));
    fireEvent.click(screen.getByTestId('reward-confirm'));
    await waitFor(() => expect(s.notices()).toContain('250,00 EUR accreditati.'));
    const sent = s.calls('/admin/user/reward').map((c) => c.params);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ id: '42', asset: 'EUR', amount: '250', reason: 'Bonus di benvenuto' });
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
  });
});
