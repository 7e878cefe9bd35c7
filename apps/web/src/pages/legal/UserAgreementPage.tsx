import { LegalPage } from './LegalPage.js';

export default function UserAgreementPage() {
  return <LegalPage doc="agreement" />;
}
