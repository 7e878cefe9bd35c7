import { formatDate } from './format.js';

/** A business date as YYYY-MM-DD. */
export function DateText({ value }: { value: string | Date | null | undefined }) {
  const text = formatDate(value);
  return text ? <time dateTime={text}>{text}</time> : null;
}
