import { bankResource } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';

/** Master data → Bank / creditor (spec §2): the generic page over its declaration. */
export default function BankPage() {
  return <ResourceListPage decl={bankResource} />;
}
