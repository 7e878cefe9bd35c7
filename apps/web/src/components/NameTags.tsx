import { Space, Tag } from 'antd';

/** A list of names (stores, roles) as tags that wrap, or a dash when there are none; `label` words each name for the reader (a built-in role). */
export function NameTags({ names, color, label = String }: { names: unknown; color?: string; label?: (name: unknown) => string }) {
  if (!Array.isArray(names) || names.length === 0) return <>—</>;
  return (
    <Space size={[4, 4]} wrap style={{ maxWidth: 260 }}>
      {names.map((name) => (
        <Tag key={String(name)} color={color}>
          {label(name)}
        </Tag>
      ))}
    </Space>
  );
}
