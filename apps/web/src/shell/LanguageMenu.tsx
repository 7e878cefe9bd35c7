import { App, Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../i18n/languages.js';
import { changeLanguage, i18next } from '../i18n/index.js';
import { useSettings } from '../stores/settings.js';

/** Language selector (spec §4 navbar): 繁體中文, English, 简体中文; the choice is remembered. */
export function LanguageMenu({ withLabel }: { withLabel?: boolean }) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const language = useSettings((s) => s.language);
  const set = useSettings((s) => s.set);
  const qc = useQueryClient();

  const choose = async (lng: Language) => {
    await changeLanguage(lng);
    set({ language: lng });
    // What the server names in the caller's language (stores, options, statuses) is asked again.
    void qc.invalidateQueries();
    // Said in the language just chosen (the `t` of this render still speaks the old one).
    void message.success(i18next.t('common:switchLanguageSuccess', { lng }));
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lng) => ({ key: lng, label: <span lang={lng}>{t(`languages.${lng}`)}</span> })),
        onClick: ({ key }) => void choose(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('shell:nav.language')}>
        {withLabel ? t(`languages.${language}`) : null}
      </Button>
    </Dropdown>
  );
}
