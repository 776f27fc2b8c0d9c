import { ContentPage } from '../../features/content/content-page';

/** The operator’s loan terms (SPEC §2 "Common" `loanService`), in the current language. */
export default function LoanService() {
  return <ContentPage contentKey="loanService" fallbackTitle="lending.terms" />;
}
