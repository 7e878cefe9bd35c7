import { formatDate } from '../components/format.js';

const time = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Hong_Kong',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant (created at, last login, audit time) as `YYYY-MM-DD HH:mm` in Hong Kong time: the
 * date as every business date is shown, plus the minute, which an audit trail needs.
 */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return <>{value}</>;
  const text = `${formatDate(d)} ${time.format(d)}`;
  return <time dateTime={d.toISOString()}>{text}</time>;
}
