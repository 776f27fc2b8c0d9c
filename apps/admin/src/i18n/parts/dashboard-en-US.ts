/** Back-office texts of the dashboard (the work waiting for the operator who signed in), in English. */
export const dashboardEnUS = {
  'nav.dashboard': 'Pending work',
  'dashboard.title': 'Pending work',
  'dashboard.hint':
    'What waits for your role now, the longest wait first to the eye. Open a queue to work on it.',
  'dashboard.none': 'Nothing to do for your role.',
  'dashboard.queue.kyc': 'Identity checks (KYC)',
  'dashboard.queue.hni': 'Professional investor applications',
  'dashboard.queue.deposits': 'Deposits to confirm',
  'dashboard.queue.withdrawals': 'Withdrawals to pay',
  'dashboard.queue.loans': 'Loans and repayments to decide',
  'dashboard.queue.service': 'Support chats waiting for an answer',
  'dashboard.waiting_one': '{{count}} waiting',
  'dashboard.waiting_other': '{{count}} waiting',
  'dashboard.empty': 'Nothing waiting',
  'dashboard.oldest': 'Waiting since {{time}}',
  'dashboard.open': 'Open',
};
