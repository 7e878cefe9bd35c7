import { Space, Tag } from 'antd';

/** A list of names (stores, roles) as tags that wrap, or a dash when there are none. */
export function NameTags({ names, color }: { names: unknown; color?: string }) {
  if (!Array.isArray(names) || names.length === 0) return <>—</>;
  return (
    <Space size={[4, 4]} wrap style={{ maxWidth: 260 }}>
      {names.map((name) => (
        <Tag key={String(name)} color={color}>
          {String(name)}
        </Tag>
      ))}
    </Space>
  );
}
