import { solicitorResource } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';

/** Master data → Solicitors (spec §2): the generic page over its declaration. */
export default function SolicitorPage() {
  return <ResourceListPage decl={solicitorResource} />;
}
