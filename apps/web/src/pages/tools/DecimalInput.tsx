import { InputNumber } from 'antd';

/** "1234567.5" → "1,234,567.5": grouping of the integer part only, so decimals are never split. */
export function groupThousands(text: string): string {
  const [int = '', frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/**
 * An amount or rate typed as text: string mode keeps exactly what was typed (never a float),
 * amounts show thousands separators. antd's Form.Item passes value/onChange/id through `rest`.
 */
export function DecimalInput({ grouped = false, ...rest }: { grouped?: boolean } & Record<string, unknown>) {
  return (
    <InputNumber<string>
      stringMode
      min="0"
      controls={false}
      style={{ width: '100%' }}
      inputMode="decimal"
      {...(grouped
        ? { formatter: (v: string | undefined) => groupThousands(String(v ?? '')), parser: (v: string | undefined) => (v ?? '').replace(/,/g, '') }
        : {})}
      {...rest}
    />
  );
}
