import { smsTemplateResource, type SmsLanguage } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { SmsPreview } from './SmsPreview';

/**
 * Master data → SMS content (spec §2): the templates of the four reminders in Chinese and English
 * on the generic page, the form with a live preview (sample values, character count against the
 * "SMS character count" setting, SMS parts).
 */
export default function SmsContentPage() {
  return (
    <ResourceListPage
      decl={smsTemplateResource}
      formProps={{
        size: 640,
        itemProps: (item?: Record<string, unknown>) => ({
          content: { extra: <SmsPreview {...(item?.['language'] ? { language: item['language'] as SmsLanguage } : {})} /> },
        }),
      }}
    />
  );
}
