import { useTranslation } from 'react-i18next';
import { Money } from './Money.js';

/**
 * A maximum approved amount (spec §6): the amount right-aligned like any money, or "No upper
 * limit" for a level without one; nothing (—) for staff without a level, who approve nothing.
 */
export function ApprovalLimit({ amount, unlimited }: { amount: unknown; unlimited: unknown }) {
  const { t } = useTranslation('levels');
  if (unlimited === true) {
    return <span style={{ display: 'block', textAlign: 'right', whiteSpace: 'nowrap', fontWeight: 500 }}>{t('unlimited')}</span>;
  }
  if (typeof amount !== 'string' || amount === '') return <span style={{ display: 'block', textAlign: 'right' }}>—</span>;
  return <Money value={amount} />;
}
