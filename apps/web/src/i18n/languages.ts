/**
 * The interface languages, as the contracts define them. Restated here as plain constants because
 * importing values from `@harbour/contracts` would pull zod into the login page's bundle; the
 * type checks below fail the build if the two lists ever drift apart.
 */
import type { Language } from '@harbour/contracts';

export type { Language };

export const LANGUAGES = ['zh-TW', 'en', 'zh-CN'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'zh-TW';

type Unlisted = Exclude<Language, (typeof LANGUAGES)[number]>;
const everyLanguageListed: [Unlisted] extends [never] ? true : false = true;
void everyLanguageListed;
