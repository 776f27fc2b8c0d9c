import { ContentPage } from '../../features/content/content-page';

/** The operator’s privacy policy (SPEC §2 "Common"), in the current language. */
export default function PrivacyPolicy() {
  return <ContentPage contentKey="privacyPolicy" fallbackTitle="content.privacyPolicy" />;
}
