import { Alert, Card, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { s18LastDay, s18NoteTiming } from '@harbour/domain';
import type { LoanItem } from '@harbour/contracts';
import { DateText } from '../../components/DateText.js';
import { formatDate, hongKongToday } from '../../components/format.js';

/**
 * MLO s.18 on the loan page: the signed note's date and who recorded it, the last day it may be
 * signed (7 days after the agreement date), and — while the loan awaits payout — why a note
 * signed too late, or no note by then, stops the payout (`s18NoteTiming`, the server's rule).
 */
export function SignedNoteCard({ loan: l }: { loan: LoanItem }) {
  const { t } = useTranslation('loans');
  const awaiting = l.status === 'approved';
  const today = hongKongToday();
  const lastDay = s18LastDay(l.loanDate);
  const issue = awaiting && l.signedNoteReceivedOn ? s18NoteTiming({ agreementDate: l.loanDate, noteDate: l.signedNoteReceivedOn, today, payoutDate: today }) : null;
  const lapsed = awaiting && !l.signedNoteReceivedOn && today > lastDay;
  return (
    <Card title={t('op.signedNote')}>
      <Flex vertical gap={8}>
        {l.signedNoteReceivedOn ? (
          <Space>
            <DateText value={l.signedNoteReceivedOn} />
            {l.signedNoteReceivedByName}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('op.signedNoteNone')}</Typography.Text>
        )}
        {awaiting && <Typography.Text>{t('op.signedNoteDue', { date: formatDate(lastDay), agreementDate: formatDate(l.loanDate) })}</Typography.Text>}
        {issue && issue.code !== 'payoutBeforeNote' && (
          <Alert type="error" showIcon title={issue.code === 'noteTooLate' ? t('op.signedNoteLate') : t(`errors.${issue.code === 'noteBeforeAgreement' ? 'signedNoteBeforeAgreement' : 'signedNoteInFuture'}`, issue)} />
        )}
        {lapsed && <Alert type="warning" showIcon title={t('op.signedNoteOverdue')} />}
      </Flex>
    </Card>
  );
}

/** MLO s.20 on the loan page: the surety pack task of a loan with guarantors — due, overdue, or given. */
export function SuretyPackCard({ loan: l }: { loan: LoanItem }) {
  const { t } = useTranslation('loans');
  const task = l.suretyPack;
  if (!task) return null;
  return (
    <Card title={t('op.suretyPack')}>
      {task.givenOn ? (
        <Space wrap>
          <Typography.Text>{t('op.suretyPackGiven', { date: formatDate(task.givenOn), name: task.givenByName ?? '—', dueBy: formatDate(task.dueBy) })}</Typography.Text>
          {task.givenLate && <Tag color="orange">{t('op.suretyPackGivenLate')}</Tag>}
        </Space>
      ) : (
        <Alert
          type={task.overdue ? 'error' : 'warning'}
          showIcon
          title={
            <Space wrap>
              {t('op.suretyPackDue', { date: formatDate(task.dueBy) })}
              {task.overdue && <Tag color="red">{t('op.suretyPackOverdue')}</Tag>}
            </Space>
          }
        />
      )}
    </Card>
  );
}
