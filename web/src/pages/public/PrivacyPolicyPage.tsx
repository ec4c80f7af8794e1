import { LegalPage } from './LegalPage.tsx';
import { PRIVACY_POLICY } from './legal-content.ts';

/** Static privacy policy (/privacy-policy): its text is in legal-content.ts. */
export default function PrivacyPolicyPage() {
  return <LegalPage doc={PRIVACY_POLICY} />;
}
