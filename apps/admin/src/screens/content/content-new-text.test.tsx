import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Script } from '../../testing/screen-harness';
import ContentScreen from './content.route';

const saved = Date.UTC(2026, 10, 20, 9, 0);
type Page = { key: string; language: string; title: string; body: string; updatedAt: number };
const intro: Page = {
  key: 'companyIntroduction',
  language: 'it-IT',
  title: 'Chi siamo',
  body: 'Piazza è…',
  updatedAt: saved,
};

/** The server as it would be: a saved text is in the next list. */
function server(): Script {
  let pages: Page[] = [intro];
  return {
    '/admin/content': () => ({ data: { list: pages } }),
    '/admin/content/save': (p) => {
      const page = {
        key: p.key ?? '',
        language: p.language ?? '',
        title: p.title ?? '',
        body: p.body ?? '',
        updatedAt: saved + 86_400_000,
      };
      pages = [...pages, page];
      return { data: { page } };
    },
  };
}

const field = (id: string) => screen.getByTestId(id) as HTMLInputElement | HTMLTextAreaElement;

describe('a text not written yet', () => {
  it('starts empty and, once saved, is read back with when it was saved (Italian)', async () => {
    const s = renderScreen(<ContentScreen />, { route: '/content', script: server() });
    await waitFor(() => expect(field('content-title').value).toBe('Chi siamo'));
    expect(screen.getByText(/^Ultimo salvataggio /)).toBeTruthy();
    fireEvent.change(screen.getByTestId('content-key'), { target: { value: 'disclaimer' } });
    expect((screen.getByTestId('content-key') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Avvertenze',
    );
    await waitFor(() => expect(field('content-title').value).toBe(''));
    expect(field('content-body').value).toBe('');
    expect(screen.queryByText(/^Ultimo salvataggio /)).toBeNull();
    fireEvent.change(field('content-title'), { target: { value: 'Avvertenze sui rischi' } });
    fireEvent.change(field('content-body'), {
      target: { value: 'Investire comporta rischi, compresa la perdita del capitale.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(s.notices()).toEqual(['Testo salvato.']));
    expect(s.calls('/admin/content/save').map((c) => c.params)).toEqual([
      {
        key: 'disclaimer',
        language: 'it-IT',
        title: 'Avvertenze sui rischi',
        body: 'Investire comporta rischi, compresa la perdita del capitale.',
      },
    ]);
    await waitFor(() => expect(screen.getByText(/^Ultimo salvataggio /)).toBeTruthy());
    expect(field('content-title').value).toBe('Avvertenze sui rischi');
  });

  it('shows a refusal and keeps the title and text typed (English)', async () => {
    const s = renderScreen(<ContentScreen />, {
      route: '/content',
      lang: 'en-US',
      script: {
        ...server(),
        '/admin/content/save': () => ({ refuse: 'The title can be at most 200 characters' }),
      },
    });
    await waitFor(() => expect(field('content-title').value).toBe('Chi siamo'));
    fireEvent.change(screen.getByTestId('content-key'), { target: { value: 'about' } });
    fireEvent.change(screen.getByTestId('content-language'), { target: { value: 'en-US' } });
    await waitFor(() => expect(field('content-title').value).toBe(''));
    const title = 'About Piazza '.repeat(20);
    fireEvent.change(field('content-title'), { target: { value: title } });
    fireEvent.change(field('content-body'), { target: { value: 'Piazza is an Italian broker.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(s.notices()).toEqual(['The title can be at most 200 characters']));
    expect(s.calls('/admin/content/save')[0]?.params).toEqual({
      key: 'about',
      language: 'en-US',
      title,
      body: 'Piazza is an Italian broker.',
    });
    expect(field('content-title').value).toBe(title);
    expect(field('content-body').value).toBe('Piazza is an Italian broker.');
    expect(screen.queryByText(/^Last saved /)).toBeNull();
  });
});
