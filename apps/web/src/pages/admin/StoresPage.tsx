import { storesResource } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';

/** Stores list (spec §2): entirely the generic page over the stores declaration. */
export default function StoresPage() {
  return <ResourceListPage decl={storesResource} />;
}
