/** Switches the session's current store, then reloads so every page reads the new store (spec §7). */
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { switchStore } from '../api/auth.js';
import type { StoreRef } from '../api/types.js';
import { useSession } from '../stores/session.js';

export const storeLabel = (store: StoreRef, language: string) =>
  language === 'en' ? store.english_name || store.store_name : store.store_name;

export function StoreSwitcher({ compact }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const user = useSession((s) => s.user);
  const stores = user?.stores ?? [];
  if (stores.length === 0) return null;

  return (
    <Select
      aria-label={t('nav.store')}
      value={user?.visitStore?.store_id}
      style={{ minWidth: compact ? 96 : 150 }}
      popupMatchSelectWidth={false}
      options={stores.map((s) => ({ value: s.store_id, label: storeLabel(s, i18n.language) }))}
      onChange={async (storeId: number) => {
        await switchStore(storeId);
        location.reload();
      }}
    />
  );
}
