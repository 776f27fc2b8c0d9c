import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Script } from '../../testing/screen-harness';
import KycReviewScreen from './kyc.$userId.route';

const submitted = Date.UTC(2026, 10, 23, 9, 0);
const doc = (id: string) => ({ id, kind: 'jpeg', size: 1234, url: `/ipcg-api/admin/kyc/document?id=${id}` });
const detail = (idStatus: 'pending' | 'succ' | 'fail', failReason: string | null = null) => ({
  data: {
    userId: 42,
    displayId: 'IN36520182042',
    account: 'mario@piazza.test',
    idStatus,
    failReason,
    form: {
      certType: 'id_card',
      realName: 'Mario Rossi',
      certNo: 'CA12345AB',
      birthday: '1980-04-12',
      address: 'Via Roma 1, Milano',
      nationality: 'IT',
      validUntil: '2030-01-01',
      purpose: 'investing',
      fundSource: 'salary',
      incomeRange: '50k_100k',
      assetRange: '50k_250k',
      objective: 'growth',
      riskPreference: 'medium',
      experience: 'informed',
      front: doc('a'.repeat(32)),
      back: doc('b'.repeat(32)),
      submittedAt: submitted,
    },
    history: [{ status: 'pending', reason: null, submittedAt: submitted, reviewedAt: null, reviewer: null }],
  },
});

function script(decide: Script[string]): Script {
  let status: 'pending' | 'succ' | 'fail' = 'pending';
  return {
    '/admin/kyc/detail': () => detail(status),
    '/admin/kyc/approve': (p) => {
      const answer = decide(p);
      if ('data' in answer) status = 'succ';
      return answer;
    },
    '/admin/kyc/reject': (p) => {
      const answer = decide(p);
      if ('data' in answer) status = 'fail';
      return answer;
    },
  };
}

describe('the KYC review', () => {
  it('approves a pending submission and shows the investor verified (Italian)', async () => {
    const s = renderScreen(<KycReviewScreen />, {
      role: 'compliance',
      route: '/kyc/:userId',
      path: '/kyc/42',
      script: script(() => ({ data: { userId: 42, idStatus: 'succ' } })),
    });
    expect((await screen.findByTestId('kyc-review-status')).textContent).toBe('In verifica');
    expect(screen.getByTestId('kyc-review-facts').textContent).toContain('Mario Rossi');
    fireEvent.click(screen.getByTestId('kyc-approve'));
    await waitFor(() => expect(s.notices()).toEqual(['KYC approvato: l’investitore è verificato.']));
    await waitFor(() => expect(screen.getByTestId('kyc-review-status').textContent).toBe('Verificato'));
    expect(s.calls('/admin/kyc/approve').map((c) => c.params)).toEqual([{ userId: '42' }]);
  });

  it('sends a rejection with its reason, and keeps the reason when refused (English)', async () => {
    let tries = 0;
    const s = renderScreen(<KycReviewScreen />, {
      role: 'compliance',
      lang: 'en-US',
      route: '/kyc/:userId',
      path: '/kyc/42',
      script: script(() =>
        ++tries === 1
          ? { refuse: 'Give a reason of at least 3 characters' }
          : { data: { userId: 42, idStatus: 'fail' } },
      ),
    });
    const reason = (await screen.findByTestId('kyc-reject-reason')) as HTMLInputElement;
    fireEvent.change(reason, { target: { value: 'no' } });
    fireEvent.click(screen.getByTestId('kyc-reject'));
    await waitFor(() => expect(s.notices()).toEqual(['Give a reason of at least 3 characters']));
    expect(reason.value).toBe('no');
    fireEvent.change(reason, { target: { value: 'The photo of the back is blurred' } });
    fireEvent.click(screen.getByTestId('kyc-reject'));
    await waitFor(() => expect(s.notices()).toContain('KYC rejected: the investor sees the reason.'));
    expect(s.calls('/admin/kyc/reject').map((c) => c.params)).toEqual([
      { userId: '42', reason: 'no' },
      { userId: '42', reason: 'The photo of the back is blurred' },
    ]);
  });
});
