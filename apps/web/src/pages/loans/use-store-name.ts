import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session.js';

/**
 * A loan's store name in the staff member's language: in English the store's English name (from
 * the stores of the session) where the store has one, otherwise the name the server gave.
 */
export function useStoreName(): (storeId: number, name: string) => string {
  const { i18n } = useTranslation();
  const stores = useSession((s) => s.user?.stores);
  const lang = i18n.language;
  return useCallback(
    (storeId, name) => {
      if (lang !== 'en') return name;
      const english = stores?.find((s) => s.store_id === storeId)?.english_name?.trim();
      return english || name;
    },
    [lang, stores],
  );
}
