import { accessIpsResource } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { Permission } from '../../components/Permission.js';
import { ACCESS_IP_SETTING_KEY, AccessIpSwitch } from './AccessIpSwitch';

/** Access IP (spec §2, §6): the generic allowlist page plus the switch that turns it on. */
export default function AccessIpsPage() {
  return <ResourceListPage decl={accessIpsResource} header={
        <Permission need={ACCESS_IP_SETTING_KEY}>
          <AccessIpSwitch />
        </Permission>
      } />;
}
