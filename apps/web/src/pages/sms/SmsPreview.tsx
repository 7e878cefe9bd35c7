import { Alert, Flex, Form, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SMS_PLACEHOLDERS, SMS_SAMPLE_VALUES, type SmsLanguage } from '@harbour/contracts';
import { checkSmsTemplate, renderSms, smsLength } from '@harbour/domain';
import { smsApi } from './sms-api';

/** Character count, encoding and SMS parts of a message, against the "SMS character count" limit. */
export function SmsMeter({ text, limit }: { text: string; limit: number | undefined }) {
  const { t } = useTranslation('reminders');
  const l = smsLength(text);
  const over = limit !== undefined && l.characters > limit;
  return (
    <Flex wrap gap={8} align="center" data-testid="sms-meter">
      <Tag color={over ? '#a8071a' : undefined}>{t('meter.characters', { count: l.characters, limit: limit ?? '—' })}</Tag>
      <Tag>{t('meter.segments', { count: l.segments })}</Tag>
      <Tag>{l.encoding === 'GSM-7' ? t('meter.gsm') : t('meter.ucs')}</Tag>
      {over && <Typography.Text type="danger">{t('meter.overLimit')}</Typography.Text>}
    </Flex>
  );
}

/**
 * The live preview of a template being edited: its problems (unknown or malformed placeholders) or
 * the message rendered with sample values in the template's language, with its character count
 * against the setting and its number of SMS parts. Reads the form it sits in.
 */
export function SmsPreview({ language: fixed }: { language?: SmsLanguage }) {
  const { t } = useTranslation('reminders');
  const form = Form.useFormInstance();
  const content = (Form.useWatch('content', form) as string | undefined) ?? '';
  const watched = Form.useWatch('language', form) as SmsLanguage | undefined;
  const language = fixed ?? watched ?? 'zh-TW';
  const limits = useQuery({ queryKey: ['sms', 'limits'], queryFn: () => smsApi.limits(), staleTime: 60_000 });
  const issues = checkSmsTemplate(content);
  const text = issues.length === 0 ? renderSms(content, SMS_SAMPLE_VALUES[language]) : '';
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }} data-testid="sms-preview">
      <Typography.Text type="secondary">
        {t('preview.placeholders')} {SMS_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}
      </Typography.Text>
      {issues.length > 0 ? (
        <Alert
          type="error"
          showIcon
          message={issues
            .map((i) => (i.code === 'unknownPlaceholder' ? t('preview.unknown', { name: i.name }) : t('preview.malformed', { position: i.index + 1 })))
            .join('；')}
        />
      ) : (
        <>
          <Typography.Text strong>{t('preview.title')}</Typography.Text>
          <Typography.Paragraph data-testid="sms-preview-text" style={{ whiteSpace: 'pre-wrap', background: 'rgba(0,0,0,0.03)', padding: 8, borderRadius: 6, margin: 0 }}>
            {text}
          </Typography.Paragraph>
          <SmsMeter text={text} limit={limits.data?.smsCharCount} />
        </>
      )}
    </Flex>
  );
}
