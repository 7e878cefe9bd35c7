import { Radio } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAPER_LANGUAGES, type PaperLanguage } from '@harbour/contracts';
import { ensureLanguage } from '../../../i18n/index.js';

/**
 * The language a paper prints in can differ from the screen's (a borrower reads English, the clerk
 * works in Chinese): its texts are loaded on demand. True once they are there.
 */
export function usePaperTexts(lang: PaperLanguage): boolean {
  const texts = useQuery({ queryKey: ['i18n', lang], queryFn: () => ensureLanguage(lang).then(() => true), staleTime: Infinity });
  return texts.data === true;
}

/** The zh-TW / en switch above every printable paper. */
export function PaperLanguageSwitch({ value, onChange, label }: { value: PaperLanguage; onChange: (lang: PaperLanguage) => void; label?: string }) {
  const { t } = useTranslation('papers');
  return (
    <Radio.Group
      aria-label={label ?? t('language')}
      optionType="button"
      value={value}
      onChange={(e) => onChange(e.target.value as PaperLanguage)}
      options={PAPER_LANGUAGES.map((l) => ({ value: l, label: t(`langs.${l}`) }))}
    />
  );
}
