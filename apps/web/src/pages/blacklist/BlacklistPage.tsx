import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { blacklistResource, type RevealableBlacklistField } from '@harbour/contracts';
import { MaskedValue } from '../../components/MaskedValue.js';
import { ResourceListPage } from '../../generic/ResourceListPage';
import type { Row } from '../../generic/use-resource';
import { blacklistApi } from './blacklist-api';

const DELETE_TEXTS = { label: 'blacklisting:remove', confirm: 'blacklisting:confirmRemove' };

/**
 * Blacklist (spec §2 BlackList): name, ID number and phone (masked, with the audited reveal for
 * holders of `blacklist.reveal`), remarks, when and by whom; filters by name (contains) and by the
 * whole ID number or phone; adding and removing each ask first.
 */
export default function BlacklistPage() {
  const { t } = useTranslation('blacklisting');
  const cells = useMemo(() => {
    const number = (field: RevealableBlacklistField) => (row: Row) => (
      <MaskedValue
        value={row[field]}
        canReveal={row.canReveal === true}
        reveal={() => blacklistApi.reveal(Number(row.id), field)}
        label={t(`fields.${field}`)}
      />
    );
    return { idNumber: number('idNumber'), phone: number('phone') };
  }, [t]);
  const formProps = useMemo(
    () => ({ confirmCreate: { title: t('confirmAdd'), content: t('confirmAddHint'), okText: t('common:actions.confirm') } }),
    [t],
  );
  return <ResourceListPage decl={blacklistResource} cells={cells} deleteTexts={DELETE_TEXTS} formProps={formProps} />;
}
