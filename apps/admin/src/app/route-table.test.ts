import { describe, expect, it } from 'vitest';
import { screenPathOf, screenRoutes } from './route-table';

describe('the back office route table', () => {
  it('turns a screen file name into its path, with $params as URL parameters', () => {
    expect(screenPathOf('../screens/users/users.route.tsx')).toBe('users');
    expect(screenPathOf('../screens/users/users.$id.route.tsx')).toBe('users/:id');
    expect(screenPathOf('../screens/kyc/kyc.$userId.route.tsx')).toBe('kyc/:userId');
    expect(screenPathOf('../screens/funding/deposits.route.tsx')).toBe('deposits');
  });

  it('lists one route per screen file, by path', () => {
    const A = () => null;
    const B = () => null;
    const routes = screenRoutes({
      '../screens/jobs/jobs.route.tsx': { default: B },
      '../screens/audit/audit.route.tsx': { default: A },
    });
    expect(routes).toEqual([
      { path: 'audit', Screen: A },
      { path: 'jobs', Screen: B },
    ]);
  });
});
