import { referralAgentResource } from '@harbour/contracts';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money.js';
import { Rate } from '../../components/Rate.js';
import { ResourceListPage } from '../../generic/ResourceListPage';
import type { Row } from '../../generic/use-resource';

const NEW_AGENT = { id: 0, commissionKind: 'percent', state: 'normal', noBorrowerFee: false };

/** A commission as the agreement states it: a percentage of the loan, or HKD per loan. */
function Commission({ row }: { row: Row }) {
  const value = typeof row.commission === 'string' ? row.commission : null;
  if (row.commissionKind === 'percent') {
    return (
      <span style={{ display: 'block', textAlign: 'right' }}>
        <Rate value={value} />
      </span>
    );
  }
  return (
    <span style={{ display: 'flex', justifyContent: 'flex-end', gap: 4, whiteSpace: 'nowrap' }}>
      <span>HK$</span>
      <Money value={value} />
    </span>
  );
}

/** Master data → referral agents (spec §2, §9; intermediaries under the licensing conditions): the generic page over its declaration. */
export default function ReferralAgentPage() {
  const { t } = useTranslation('parties');
  return (
    <ResourceListPage
      decl={referralAgentResource}
      cells={{ commission: (row) => <Commission row={row} /> }}
      formProps={{
        size: 600,
        defaults: NEW_AGENT,
        itemProps: {
          commission: { extra: t('commissionHint') },
          noBorrowerFee: { extra: t('noBorrowerFeeHint') },
        },
      }}
    />
  );
}
