import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumKey } from '../../generic/i18n-key';

/** A member's status: a status dot with plain text (readable in both themes). */
export function MemberStatusTag({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const disabled = status === 'disabled';
  return <Badge status={disabled ? 'error' : 'success'} text={t(enumKey('memberStatus', disabled ? 'disabled' : 'active'))} />;
}
