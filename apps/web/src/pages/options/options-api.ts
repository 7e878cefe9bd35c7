import type { OptionItem } from '@harbour/contracts';
import { request } from '../../api/index.js';

/** Disable or enable one option (`POST <path>/:id/disable|enable`, declared actions of the option resources). */
export const setOptionState = (path: string, id: number, action: 'disable' | 'enable') =>
  request<OptionItem>(`${path}/${id}/${action}`, { method: 'POST' });

/** The label of an option in the reader's language (zh-TW when the language is unknown). */
export function optionLabel(row: Record<string, unknown>, language: string): string {
  const text = language === 'en' ? row.labelEn : language === 'zh-CN' ? row.labelZhCn : row.labelZhTw;
  return typeof text === 'string' ? text : '';
}
