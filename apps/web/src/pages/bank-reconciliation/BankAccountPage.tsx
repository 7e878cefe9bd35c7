import { bankAccountResource } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';

/** Master data → bank accounts: the store's accounts, their bank, number and ledger account (the generic page over its declaration). */
export default function BankAccountPage() {
  return <ResourceListPage decl={bankAccountResource} />;
}
