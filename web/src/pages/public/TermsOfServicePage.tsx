import { LegalPage } from './LegalPage.tsx';
import { TERMS_OF_SERVICE } from './legal-content.ts';

/** Static terms of service (/terms-of-service): its text is in legal-content.ts. */
export default function TermsOfServicePage() {
  return <LegalPage doc={TERMS_OF_SERVICE} />;
}
