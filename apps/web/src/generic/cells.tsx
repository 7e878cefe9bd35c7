import { Badge, Tag } from 'antd';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { ResourceField } from '@harbour/contracts';
import { DateText } from '../components/DateText.js';
import { Money } from '../components/Money.js';
import { DateTimeText } from './DateTimeText';
import { enumKey } from './i18n-key';
import type { RefOption } from './resource-api';
import { useRefOptions } from './use-resource';

/**
 * How a list cell shows a value of each field kind: amounts right-aligned with thousands
 * separators, dates `YYYY-MM-DD`, enums in the user's language, references by name.
 */
export function renderCell(
  field: ResourceField,
  value: unknown,
  row: Record<string, unknown>,
  t: TFunction,
): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.kind) {
    case 'money':
      return <Money value={String(value)} />;
    case 'rate':
      return <span className="harbour-num">{String(value)}</span>;
    case 'date':
      return <DateText value={String(value)} />;
    case 'datetime':
      return <DateTimeText value={String(value)} />;
    case 'enum':
      return t(enumKey(field.enumName ?? field.name, String(value)));
    case 'boolean':
      return <Badge status={value === true ? 'success' : 'default'} text={t(value === true ? 'admin:resource.yes' : 'admin:resource.no')} />;
    case 'ref':
      return <RefName field={field} id={value} row={row} />;
    case 'refs':
      return Array.isArray(value)
        ? value.map((v) => (
            <Tag key={String(v)}>
              <RefName field={field} id={v} row={row} />
            </Tag>
          ))
        : '—';
    default:
      return String(value);
  }
}

/**
 * A reference shows the name the item carries beside the id (`staffId` → `staffName`) when the
 * API sends one, else the name from the field's choice list (fetched once, shared by all cells),
 * else the id itself.
 */
function RefName({ field, id, row }: { field: ResourceField; id: unknown; row: Record<string, unknown> }) {
  const sibling = field.kind === 'ref' ? row[field.name.replace(/Id$/, 'Name')] : undefined;
  const named = typeof sibling === 'string' && sibling !== '';
  const refs = useRefOptions(named ? undefined : field.refPath);
  if (named) return <>{sibling}</>;
  const hit = refs.data?.find((o: RefOption) => String(o.id) === String(id));
  return <>{hit ? hit.name : String(id)}</>;
}
