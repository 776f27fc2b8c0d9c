import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import JobsScreen from './jobs.route';

const run = {
  id: 7,
  job: 'settlement',
  key: '2026-11-24T23:00:00.000Z',
  state: 'succeeded',
  attempts: 1,
  startedAt: Date.UTC(2026, 10, 25, 0, 0, 5),
  finishedAt: Date.UTC(2026, 10, 25, 0, 0, 6),
  summary: '3 lots settled',
  error: null,
  instance: 'a',
  requestedBy: 'operator:1',
};

const script = {
  '/admin/jobs': () => ({
    data: {
      queue: 'pg-boss',
      jobs: [
        { name: 'settlement', failed: 0, lastRunAt: null },
        { name: 'option-expiry', failed: 2, lastRunAt: Date.UTC(2026, 10, 24, 17, 0) },
      ],
    },
  }),
  '/admin/jobs/runs': () => ({ data: { list: [], total: 0, page: 1, size: 20 } }),
  '/admin/jobs/run': () => ({ data: { runs: [run] } }),
};

describe('the Jobs screen', () => {
  it('runs a job now for an admin and says how many periods ran (Italian)', async () => {
    const s = renderScreen(<JobsScreen />, { script });
    await screen.findByTestId('job-settlement');
    expect(screen.getByTestId('jobs-queue').textContent).toBe('Consegnati da: pg-boss su PostgreSQL');
    expect(screen.getByTestId('job-option-expiry').textContent).toContain('Periodi falliti: 2');
    fireEvent.click(screen.getByRole('button', { name: 'Esegui ora: Regolamento delle azioni (T+n)' }));
    await waitFor(() => expect(s.notices()).toEqual(['Regolamento delle azioni (T+n): 1 periodi eseguiti.']));
    expect(s.calls('/admin/jobs/run')).toEqual([
      { method: 'POST', path: '/admin/jobs/run', params: { job: 'settlement' }, lang: 'it-IT' },
    ]);
  });

  it('shows the server’s refusal and leaves the job as it was (English)', async () => {
    const s = renderScreen(<JobsScreen />, {
      lang: 'en-US',
      script: { ...script, '/admin/jobs/run': () => ({ refuse: 'No job named settlement' }) },
    });
    await screen.findByTestId('job-settlement');
    fireEvent.click(screen.getByRole('button', { name: 'Run now: Settlement of shares (T+n)' }));
    await waitFor(() => expect(s.notices()).toEqual(['No job named settlement']));
  });

  it('hides run now from finance, who may read the runs', async () => {
    renderScreen(<JobsScreen />, { role: 'finance', lang: 'en-US', script });
    await screen.findByTestId('job-settlement');
    expect(screen.queryByRole('button', { name: /now$/ })).toBeNull();
  });
});
