import { LegalPage } from './LegalPage.js';

export default function PrivacyPolicyPage() {
  return <LegalPage doc="privacy" />;
}
