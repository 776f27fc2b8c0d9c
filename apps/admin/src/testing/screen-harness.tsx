import type { Language } from '@piazza/contract/wire';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, vi } from 'vitest';
import { NoticesView } from '../app/notices-view';
import { setLanguage } from '../i18n/i18n';
import { clearNotices } from '../shared/notices';
import { session } from '../shared/session';

/*
 * Component tests of the back office's screens (issue 11): a screen renders as in the app (router, query
 * client, notices, the operator's language) against a scripted server that answers by call path and records
 * what the screen sent. The tests assert what an operator sees and what reaches the wire; what the server
 * then does with it is the server suite's business, on a real database.
 */

export interface Sent {
  method: string;
  path: string;
  params: Record<string, string>;
  lang: string | null;
}

/** An answer: the call's data, or a refusal with the server's message in the operator's language. */
export type Answer = { data: unknown } | { refuse: string };
export type Script = Record<string, (params: Record<string, string>) => Answer>;

const me = (role: string) => ({
  data: {
    operator: { id: 1, email: `${role}@piazza.local`, name: `Demo ${role}`, role },
    demoMode: true,
  },
});

/** Renders `element` at `path` (matching `route`), signed in as `role`, speaking `lang`. */
export function renderScreen(
  element: ReactNode,
  opts: { script: Script; lang?: Language; role?: string; route?: string; path?: string },
) {
  const sent: Sent[] = [];
  const role = opts.role ?? 'admin';
  const script: Script = { '/admin/me': () => me(role), ...opts.script };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/ipcg-api/, '');
    const form = new URLSearchParams(init.method === 'GET' ? url.search : String(init.body ?? ''));
    const params = Object.fromEntries(form.entries());
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({ method: init.method ?? 'GET', path, params, lang: headers['Accept-Language'] ?? null });
    const answer = script[path]?.(params) ?? { refuse: `no answer scripted for ${path}` };
    const body =
      'refuse' in answer
        ? { code: -1001, msg: answer.refuse, data: null }
        : { code: 0, msg: 'Success', data: answer.data };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  setLanguage(opts.lang ?? 'it-IT');
  session.start('test-token');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const route = opts.route ?? '/';
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[opts.path ?? route]}>
        <NoticesView />
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    sent,
    /** What the screen sent to `path`, in order. */
    calls: (path: string) => sent.filter((s) => s.path === path),
    /** The notices on screen, as the operator reads them. */
    notices: () => screen.queryAllByTestId('notice').map((n) => n.querySelector('span')?.textContent ?? ''),
  };
}

afterEach(() => {
  cleanup();
  clearNotices();
  session.end();
  vi.unstubAllGlobals();
});
