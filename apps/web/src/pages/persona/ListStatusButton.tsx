import { StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_PERMISSIONS, type CustomerItem } from '@harbour/contracts';
import { ReasonButton } from '../../generic/ReasonButton';
import { personaApi } from './persona-api';

/**
 * Black / white list a customer (spec §4: add and remove with confirmation): a dialog that names
 * the customer, asks for the reason and confirms. Shown only to holders of `persona.listStatus`.
 */
export function ListStatusButton({
  customer,
  compact = false,
  onChanged,
}: {
  customer: Pick<CustomerItem, 'id' | 'name' | 'customerCode' | 'listStatus'>;
  compact?: boolean;
  onChanged?: (item: CustomerItem) => void;
}) {
  const { t } = useTranslation('customers');
  const qc = useQueryClient();
  const toBlack = customer.listStatus !== 'black';
  return (
    <ReasonButton
      need={CUSTOMER_PERMISSIONS.listStatus}
      compact={compact}
      label={t(toBlack ? 'blacklist' : 'whitelist')}
      icon={toBlack ? <StopOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />}
      danger={toBlack}
      question={t(toBlack ? 'blacklistConfirm' : 'whitelistConfirm', { name: customer.name, code: customer.customerCode })}
      reasonLabel={t('reason')}
      reasonRequired={t('reasonRequired')}
      done={t(toBlack ? 'success:blacklisted' : 'success:removedFromBlacklist')}
      run={(reason) => personaApi.setListStatus(customer.id, toBlack ? 'black' : 'white', reason)}
      onDone={(item) => {
        void qc.invalidateQueries({ queryKey: ['customers'] });
        onChanged?.(item);
      }}
    />
  );
}
