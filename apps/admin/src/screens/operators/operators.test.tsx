import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import OperatorsScreen from './operators.route';

const created = Date.UTC(2026, 10, 1, 9, 0);
const support = {
  id: 2,
  email: 'support@piazza.local',
  name: 'Demo support',
  role: 'support',
  active: true,
  createdAt: created,
};
const list = () => ({ data: { list: [support], total: 1, page: 1, size: 100 } });

describe('the operators screen', () => {
  it('creates an operator with a role and says so (Italian)', async () => {
    const s = renderScreen(<OperatorsScreen />, {
      script: {
        '/admin/operators': list,
        '/admin/operators/add': (p) => ({
          data: {
            operator: { id: 3, email: p.email, name: p.name, role: p.role, active: true, createdAt: created },
          },
        }),
      },
    });
    fireEvent.change(await screen.findByTestId('operator-email'), {
      target: { value: 'conti@piazza.local' },
    });
    fireEvent.change(screen.getByTestId('operator-name'), { target: { value: 'Giulia Conti' } });
    fireEvent.change(screen.getByTestId('operator-role'), { target: { value: 'finance' } });
    fireEvent.change(screen.getByTestId('operator-password'), { target: { value: 'una-password-lunga' } });
    fireEvent.click(screen.getByTestId('operator-create'));
    await waitFor(() => expect(s.notices()).toEqual(['Operatore conti@piazza.local creato.']));
    expect(s.calls('/admin/operators/add').map((c) => c.params)).toEqual([
      { email: 'conti@piazza.local', name: 'Giulia Conti', role: 'finance', password: 'una-password-lunga' },
    ]);
    expect((screen.getByTestId('operator-password') as HTMLInputElement).value).toBe('');
  });

  it('turns an operator off with a reason, and shows a refusal keeping the reason (English)', async () => {
    let tries = 0;
    const s = renderScreen(<OperatorsScreen />, {
      lang: 'en-US',
      script: {
        '/admin/operators': list,
        '/admin/operators/status': () =>
          ++tries === 1
            ? { refuse: 'Give a reason of at least 3 characters' }
            : { data: { operator: { ...support, active: false } } },
      },
    });
    const table = await screen.findByTestId('operators-table');
    fireEvent.click(await within(table).findByRole('button', { name: 'Turn off support@piazza.local' }));
    const form = screen.getByRole('form', { name: 'Turn off support@piazza.local' });
    const reason = within(form).getByRole('textbox') as HTMLInputElement;
    fireEvent.change(reason, { target: { value: 'ok' } });
    fireEvent.submit(form);
    await waitFor(() => expect(s.notices()).toEqual(['Give a reason of at least 3 characters']));
    expect(reason.value).toBe('ok');
    fireEvent.change(reason, { target: { value: 'Left the company' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(s.notices()).toContain('support@piazza.local is off; its sessions have ended.'),
    );
    expect(s.calls('/admin/operators/status').map((c) => c.params)).toEqual([
      { id: '2', active: '0', reason: 'ok' },
      { id: '2', active: '0', reason: 'Left the company' },
    ]);
  });
});
