import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import ContentScreen from './content.route';

const saved = Date.UTC(2026, 10, 20, 9, 0);
const pages = [
  { key: 'companyIntroduction', language: 'it-IT', title: 'Chi siamo', body: 'Piazza è…', updatedAt: saved },
  { key: 'privacyPolicy', language: 'en-US', title: 'Privacy', body: 'We keep…', updatedAt: saved },
];

describe('the content editor', () => {
  it('loads the chosen text and language, and saves what the operator wrote (Italian)', async () => {
    const s = renderScreen(<ContentScreen />, {
      script: {
        '/admin/content': () => ({ data: { list: pages } }),
        '/admin/content/save': (p) => ({
          data: {
            page: { key: p.key, language: p.language, title: p.title, body: p.body, updatedAt: saved },
          },
        }),
      },
    });
    const title = (await screen.findByTestId('content-title')) as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Chi siamo'));
    fireEvent.change(screen.getByTestId('content-key'), { target: { value: 'privacyPolicy' } });
    fireEvent.change(screen.getByTestId('content-language'), { target: { value: 'en-US' } });
    await waitFor(() => expect(title.value).toBe('Privacy'));
    fireEvent.change(title, { target: { value: 'Privacy policy' } });
    fireEvent.change(screen.getByTestId('content-body'), {
      target: { value: 'We keep only what the law asks.' },
    });
    fireEvent.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Testo salvato.']));
    expect(s.calls('/admin/content/save').map((c) => c.params)).toEqual([
      {
        key: 'privacyPolicy',
        language: 'en-US',
        title: 'Privacy policy',
        body: 'We keep only what the law asks.',
      },
    ]);
  });

  it('shows a refusal and keeps the text typed (English)', async () => {
    const s = renderScreen(<ContentScreen />, {
      lang: 'en-US',
      script: {
        '/admin/content': () => ({ data: { list: pages } }),
        '/admin/content/save': () => ({ refuse: 'The body can be at most 20,000 characters' }),
      },
    });
    const body = (await screen.findByTestId('content-body')) as HTMLTextAreaElement;
    await waitFor(() => expect(body.value).toBe('Piazza è…'));
    fireEvent.change(body, { target: { value: 'x'.repeat(30) } });
    fireEvent.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(s.notices()).toEqual(['The body can be at most 20,000 characters']));
    expect(body.value).toBe('x'.repeat(30));
  });
});
