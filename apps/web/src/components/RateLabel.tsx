import { Space, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';

/**
 * A rate's label with its explanation in a tooltip (the glossary's terms: flat rate, nominal
 * annual rate, effective annual rate), so two rates shown side by side say what each one is.
 * The hint's icon is a control: it does not print (papers carry their own footnote).
 */
export function RateLabel({ label, hint }: { label: string; hint: string }) {
  return (
    <Space size={4}>
      {label}
      <Tooltip title={hint}>
        <QuestionCircleOutlined className="harbour-no-print" role="img" aria-label={hint} tabIndex={0} />
      </Tooltip>
    </Space>
  );
}
