import { Button, Input, Select } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CollectionAgent } from '@harbour/contracts';

/** The agent filter of the collection lists. */
export function AgentFilter({ agents, value, onChange }: { agents: CollectionAgent[]; value: number | undefined; onChange: (agentId: number | undefined) => void }) {
  const { t } = useTranslation('collection');
  return (
    <Select
      aria-label={t('fields.agent')}
      placeholder={t('fields.agent')}
      allowClear
      style={{ width: 200 }}
      value={value}
      options={agents.map((a) => ({ value: a.agentId, label: a.name }))}
      onChange={(v: number | undefined) => onChange(v)}
    />
  );
}

/** A text filter searched with Enter. */
export function TextFilter({ label, value, onChange, onSearch }: { label: string; value: string | undefined; onChange: (v: string | undefined) => void; onSearch: () => void }) {
  return (
    <Input
      allowClear
      aria-label={label}
      placeholder={label}
      style={{ width: 150 }}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
      onPressEnter={onSearch}
    />
  );
}

/** Search and reset. */
export function FilterButtons({ search, reset }: { search: () => void; reset: () => void }) {
  const { t } = useTranslation('collection');
  return (
    <>
      <Button type="primary" icon={<SearchOutlined />} onClick={search}>
        {t('search')}
      </Button>
      <Button icon={<ReloadOutlined />} onClick={reset}>
        {t('reset')}
      </Button>
    </>
  );
}
