import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import DashboardScreen from './dashboard.route';

const script = {
  '/admin/dashboard': () => ({
    data: {
      queues: [
        { name: 'kyc', screen: '/kyc', count: 3, oldestAt: Date.UTC(2026, 10, 27, 8, 30) },
        { name: 'deposits', screen: '/deposits', count: 1, oldestAt: Date.UTC(2026, 10, 28, 14, 5) },
        { name: 'loans', screen: '/loans', count: 0, oldestAt: null },
      ],
    },
  }),
};

describe('the dashboard of pending work', () => {
  it('shows each queue with what waits, since when, and a way in (Italian)', async () => {
    renderScreen(<DashboardScreen />, { script });
    const kyc = await screen.findByTestId('queue-kyc');
    expect(kyc.textContent).toContain('Verifiche d’identità (KYC)');
    expect(kyc.textContent).toContain('3 in attesa');
    expect(kyc.textContent).toContain('In attesa dal 27-11-2026 09:30');
    expect(screen.getByTestId('queue-loans').textContent).toContain('Niente in attesa');
    expect(screen.getByRole('link', { name: 'Apri: Depositi da confermare' }).getAttribute('href')).toBe(
      '/deposits',
    );
  });

  it('says when the role has nothing to do (English)', async () => {
    renderScreen(<DashboardScreen />, {
      lang: 'en-US',
      script: { '/admin/dashboard': () => ({ data: { queues: [] } }) },
    });
    expect((await screen.findByTestId('dashboard-none')).textContent).toBe('Nothing to do for your role.');
  });
});
