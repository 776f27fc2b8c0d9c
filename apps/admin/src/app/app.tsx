import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuditScreen } from '../screens/audit';
import { ChannelsScreen } from '../screens/channels';
import { ContentScreen } from '../screens/content';
import { DepositsScreen } from '../screens/deposits';
import { HniQueueScreen } from '../screens/hni-queue';
import { JobsScreen } from '../screens/jobs/jobs';
import { KycQueueScreen } from '../screens/kyc-queue';
import { KycReviewScreen } from '../screens/kyc-review';
import { LoginScreen } from '../screens/login';
import { NotFoundScreen } from '../screens/not-found';
import { OperatorsScreen } from '../screens/operators';
import { OutboxScreen } from '../screens/outbox';
import { TotpScreen } from '../screens/totp';
import { TradingSettingsScreen } from '../screens/trading-settings';
import { UserScreen } from '../screens/user';
import { UsersScreen } from '../screens/users';
import { WithdrawalsScreen } from '../screens/withdrawals';
import { useToken } from '../shared/session';
import { Layout } from './layout';
import { NoticesView } from './notices-view';

export function App() {
  const token = useToken();
  const queryClient = useQueryClient();
  // What one operator loaded is never shown to the next one who signs in on this browser.
  useEffect(() => {
    if (token === null) queryClient.clear();
  }, [token, queryClient]);

  return (
    <>
      <NoticesView />
      <Routes>
        <Route path="/login" element={token ? <Navigate to="/users" replace /> : <LoginScreen />} />
        <Route element={token ? <Layout /> : <Navigate to="/login" replace />}>
          <Route index element={<Navigate to="/users" replace />} />
          <Route path="users" element={<UsersScreen />} />
          <Route path="users/:id" element={<UserScreen />} />
          <Route path="outbox" element={<OutboxScreen />} />
          <Route path="audit" element={<AuditScreen />} />
          <Route path="jobs" element={<JobsScreen />} />
          <Route path="operators" element={<OperatorsScreen />} />
          <Route path="content" element={<ContentScreen />} />
          <Route path="kyc" element={<KycQueueScreen />} />
          <Route path="kyc/:userId" element={<KycReviewScreen />} />
          <Route path="hni" element={<HniQueueScreen />} />
          <Route path="totp" element={<TotpScreen />} />
          <Route path="deposits" element={<DepositsScreen />} />
          <Route path="withdrawals" element={<WithdrawalsScreen />} />
          <Route path="channels" element={<ChannelsScreen />} />
          <Route path="trading" element={<TradingSettingsScreen />} />
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </>
  );
}
