import type { i18n as I18n } from 'i18next';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a server message is the text of one catalogue key (in the language it was asked in),
 * whatever its placeholders were filled with: the answer carries the text, not the code, and a
 * dialog asks for more (an override reason, a confirmation) only for that one answer.
 */
export function matchesMessage(i18n: Pick<I18n, 'getResource'>, lang: string, ns: string, key: string, message: string): boolean {
  const template: unknown = i18n.getResource(lang, ns, key);
  if (typeof template !== 'string') return false;
  const pattern = template.split(/\{\{\s*\w+\s*\}\}/).map(escape).join('[\\s\\S]*');
  return new RegExp(`^${pattern}$`).test(message.trim());
}
