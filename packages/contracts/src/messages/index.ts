import type { Language } from '../errors.js';
import { en, type MessageCode } from './en.js';
import { zhCN } from './zh-CN.js';
import { zhTW } from './zh-TW.js';

export type { MessageCode };

/** The server's message catalogues by language (architecture §4: answers speak the caller's language). */
export const MESSAGES: Record<Language, Record<MessageCode, string>> = {
  'zh-TW': zhTW,
  en,
  'zh-CN': zhCN,
};

export const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(en, code);
export { DOMAIN_MESSAGES } from './domain.js';
