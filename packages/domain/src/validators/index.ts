export * from './result.js';
export * from './hkid.js';
export * from './passport.js';
export * from './mobile.js';
export * from './email.js';
export * from './date.js';
export * from './age.js';
export * from './normalise.js';

/** Every validator error code, for translation tables. */
export const VALIDATION_ERROR_CODES = [
  'HKID_REQUIRED',
  'HKID_FORMAT',
  'HKID_CHECK_DIGIT',
  'PASSPORT_REQUIRED',
  'PASSPORT_CHARACTERS',
  'MOBILE_REQUIRED',
  'MOBILE_FORMAT',
  'EMAIL_REQUIRED',
  'EMAIL_FORMAT',
  'DATE_REQUIRED',
  'DATE_FORMAT',
  'BIRTH_DATE_FORMAT',
  'APPLICATION_DATE_FORMAT',
  'BIRTH_AFTER_APPLICATION',
  'UNDER_MINIMUM_AGE',
] as const;
