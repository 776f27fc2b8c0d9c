import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Script } from '../../testing/screen-harness';
import ServiceScreen from './service.route';

const hostile = '<img src=x onerror=alert(1)> dov’è il mio bonifico?';
const line = {
  userId: 7,
  account: 'demo@piazza.it',
  assigneeId: null,
  assigneeName: null,
  unread: 2,
  lastText: hostile,
  lastSender: 'user',
  lastAt: Date.UTC(2026, 10, 28, 9, 30),
};
const message = (id: number, sender: 'user' | 'operator', text: string) => ({
  id,
  sender,
  operatorName: sender === 'operator' ? 'Demo support' : null,
  text,
  image: null,
  at: Date.UTC(2026, 10, 28, 9, 30),
  read: false,
});
const script = (more: Script = {}): Script => ({
  '/admin/service/conversations': () => ({ data: { list: [line], total: 1, page: 1, size: 100, unread: 2 } }),
  '/admin/service/messages': () => ({
    data: {
      list: [message(2, 'user', hostile), message(1, 'user', 'Buongiorno')],
      total: 2,
      page: 1,
      size: 30,
      conversation: line,
    },
  }),
  '/admin/service/read': () => ({ data: { unread: 0 } }),
  '/admin/service/operators': () => ({
    data: {
      list: [
        { id: 1, name: 'Demo support' },
        { id: 2, name: 'Demo admin' },
      ],
    },
  }),
  '/admin/service/canned': () => ({
    data: { list: [{ id: 4, language: 'it-IT', title: 'Saluto', text: 'Buongiorno, la aiuto subito.' }] },
  }),
  '/admin/service/settings': () => ({ data: { scriptUrl: '', source: 'none' } }),
  ...more,
});

describe('the customer-service inbox', () => {
  it('lists conversations with their unread count, shows markup as text and answers with a canned reply', async () => {
    const s = renderScreen(<ServiceScreen />, {
      route: '/service',
      role: 'support',
      script: script({ '/admin/service/reply': (p) => ({ data: message(3, 'operator', p.text ?? '') }) }),
    });
    const row = await screen.findByTestId('inbox-row');
    expect(within(row).getByTestId('inbox-unread').textContent).toBe('2');
    expect(row.textContent).toContain(hostile);
    expect(row.querySelector('img')).toBeNull();
    expect(screen.getByTestId('inbox-total-unread').textContent).toBe('Messaggi non letti: 2');

    fireEvent.click(row);
    const shown = await screen.findAllByTestId('conversation-message');
    expect(shown.map((m) => m.querySelector('p')?.textContent)).toEqual(['Buongiorno', hostile]);
    await waitFor(() => expect(s.calls('/admin/service/read')[0]?.params).toEqual({ userId: '7' }));

    await screen.findByRole('option', { name: 'IT · Saluto' });
    fireEvent.change(screen.getByTestId('canned-pick'), { target: { value: '4' } });
    expect((screen.getByTestId('reply-text') as HTMLTextAreaElement).value).toBe(
      'Buongiorno, la aiuto subito.',
    );
    fireEvent.click(screen.getByTestId('reply-send'));
    await waitFor(() =>
      expect(s.calls('/admin/service/reply')[0]?.params).toEqual({
        userId: '7',
        text: 'Buongiorno, la aiuto subito.',
      }),
    );
  });

  it('shows the refusal of an assignment in the operator’s language', async () => {
    const refusal = 'Choose an active support operator.';
    const s = renderScreen(<ServiceScreen />, {
      route: '/service',
      role: 'support',
      lang: 'en-US',
      script: script({ '/admin/service/assign': () => ({ refuse: refusal }) }),
    });
    fireEvent.click(await screen.findByTestId('inbox-row'));
    await screen.findByRole('option', { name: 'Demo admin' });
    fireEvent.change(screen.getByTestId('assign-select'), { target: { value: '2' } });
    expect((await screen.findByTestId('assign-refusal')).textContent).toBe(refusal);
    expect(s.calls('/admin/service/assign')[0]?.params).toEqual({ userId: '7', operatorId: '2' });
  });
});
