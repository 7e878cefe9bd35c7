import { InputNumber } from 'antd';
import { groupThousands } from '@harbour/domain';

/**
 * An amount or rate typed as text: string mode keeps exactly what was typed (never a float);
 * `grouped` amounts show thousands separators while typing (the domain's `groupThousands`, as
 * `<Money>` shows them). antd's Form.Item passes value/onChange/id through `rest`.
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
