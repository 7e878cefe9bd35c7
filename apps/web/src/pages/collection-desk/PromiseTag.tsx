import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContactEntry } from '@harbour/contracts';

/** Solid tag colours dark enough for the tag's white text (WCAG AA). */
const COLOURS = { kept: '#237804', broken: '#a8071a', pending: '#0958d9' } as const;

/** A promise's state as the server judged it (kept, broken, pending). */
export function PromiseTag({ state }: { state: NonNullable<ContactEntry['promiseState']> }) {
  const { t } = useTranslation('collection');
  return <Tag color={COLOURS[state]}>{t(`desk.states.${state}`)}</Tag>;
}
