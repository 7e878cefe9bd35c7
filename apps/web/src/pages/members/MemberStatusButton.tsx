import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEMBER_LIMITS, MEMBER_PERMISSIONS, type MemberItem } from '@harbour/contracts';
import { ReasonButton } from '../../generic/ReasonButton';
import { membersApi, membersKey } from './members-api';

/**
 * Disable or enable a member account: a dialog that names the member, asks for the reason and
 * confirms. Shown only to holders of `member.state`.
 */
export function MemberStatusButton({
  member,
  compact = false,
  onChanged,
}: {
  member: Pick<MemberItem, 'id' | 'displayName' | 'status'>;
  compact?: boolean;
  onChanged?: (item: MemberItem) => void;
}) {
  const { t } = useTranslation('members');
  const qc = useQueryClient();
  const disabling = member.status !== 'disabled';
  return (
    <ReasonButton
      need={MEMBER_PERMISSIONS.state}
      compact={compact}
      label={t(disabling ? 'disable' : 'enable')}
      icon={disabling ? <StopOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />}
      danger={disabling}
      question={t(disabling ? 'disableConfirm' : 'enableConfirm', { name: member.displayName })}
      reasonLabel={t('reason')}
      reasonRequired={t('reasonRequired')}
      maxLength={MEMBER_LIMITS.reason}
      done={t(disabling ? 'disabled' : 'enabled')}
      run={(reason) => membersApi.setStatus(member.id, disabling ? 'disable' : 'enable', reason)}
      onDone={(item) => {
        void qc.invalidateQueries({ queryKey: membersKey });
        onChanged?.(item);
      }}
    />
  );
}
