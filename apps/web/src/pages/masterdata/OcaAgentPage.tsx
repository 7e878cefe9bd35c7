import { ocaAgentResource } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';

/** Master data → OCA agents (spec §2): the generic page over its declaration. */
export default function OcaAgentPage() {
  return <ResourceListPage decl={ocaAgentResource} />;
}
