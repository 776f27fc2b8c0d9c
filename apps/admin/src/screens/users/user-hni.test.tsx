import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import { HniForm } from './user-hni-form';

type Controls = Parameters<typeof HniForm>[0]['controls'];

const controls: Controls = {
  userId: 42,
  idStatus: 'succ',
  creditScore: 60,
  hni: { status: 'pending', reason: null, appliedAt: Date.UTC(2026, 10, 20, 9, 0) },
  loanLimit: '0.00',
  vipStrategy: 0,
  openAutoApply: 0,
  scoreChanges: [],
};

function Form() {
  const [c, setC] = useState<Controls>(controls);
  return <HniForm controls={c} onChanged={setC} canDecide />;
}

describe('an investor’s HNI application', () => {
  it('is approved, and the status reads approved at once (Italian)', async () => {
    const s = renderScreen(<Form />, {
      role: 'compliance',
      script: {
        '/admin/user/hni': () => ({ data: { ...controls, hni: { ...controls.hni, status: 'approved' } } }),
      },
    });
    expect(screen.getByTestId('hni-status').textContent).toBe('In attesa di decisione');
    fireEvent.click(screen.getByTestId('hni-approve'));
    await waitFor(() => expect(s.notices()).toEqual(['HNI approvato.']));
    expect(screen.getByTestId('hni-status').textContent).toBe('Approvato');
    expect(s.calls('/admin/user/hni').map((c) => c.params)).toEqual([{ id: '42', approve: '1' }]);
  });

  it('is rejected with its reason; a refused rejection keeps the reason (English)', async () => {
    let tries = 0;
    const s = renderScreen(<Form />, {
      role: 'compliance',
      lang: 'en-US',
      script: {
        '/admin/user/hni': (p) =>
          ++tries === 1
            ? { refuse: 'Give a reason of at least 3 characters' }
            : {
                data: { ...controls, hni: { ...controls.hni, status: 'rejected', reason: p.reason ?? null } },
              },
      },
    });
    fireEvent.change(screen.getByTestId('hni-reason'), { target: { value: 'no' } });
    fireEvent.click(screen.getByTestId('hni-reject'));
    await waitFor(() => expect(s.notices()).toEqual(['Give a reason of at least 3 characters']));
    expect((screen.getByTestId('hni-reason') as HTMLTextAreaElement).value).toBe('no');
    fireEvent.change(screen.getByTestId('hni-reason'), { target: { value: 'Assets not documented' } });
    fireEvent.click(screen.getByTestId('hni-reject'));
    await waitFor(() => expect(s.notices()).toContain('HNI rejected.'));
    expect(s.calls('/admin/user/hni').map((c) => c.params)).toEqual([
      { id: '42', approve: '0', reason: 'no' },
      { id: '42', approve: '0', reason: 'Assets not documented' },
    ]);
  });
});
