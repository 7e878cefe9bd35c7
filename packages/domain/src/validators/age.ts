/**
 * Age on a date, and the applicant's minimum age (18) on the application date.
 * A person born on 29 February reaches a new age on 1 March in common years (the later reading,
 * so an applicant is never taken to be 18 a day early).
 */
import { parseDate, tryParseDate } from '../dates.js';
import { type ValidationResult, invalid, valid } from './result.js';

export const MINIMUM_AGE = 18;

export type AgeErrorCode = 'BIRTH_DATE_FORMAT' | 'APPLICATION_DATE_FORMAT' | 'BIRTH_AFTER_APPLICATION' | 'UNDER_MINIMUM_AGE';

/** Completed years of age on `onDate`. */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const b = parseDate(dateOfBirth);
  const d = parseDate(onDate);
  let age = d.y - b.y;
  // has the birthday (month, day) been reached this year? 29 Feb counts as reached on 1 Mar.
  const beforeBirthday = d.m < b.m || (d.m === b.m && d.d < b.d);
  if (beforeBirthday) age--;
  return age;
}

export function validateMinimumAge(
  dateOfBirth: string,
  applicationDate: string,
  minimumAge = MINIMUM_AGE,
): ValidationResult<AgeErrorCode> {
  if (!tryParseDate(dateOfBirth)) return invalid('BIRTH_DATE_FORMAT');
  if (!tryParseDate(applicationDate)) return invalid('APPLICATION_DATE_FORMAT');
  if (dateOfBirth > applicationDate) return invalid('BIRTH_AFTER_APPLICATION');
  return ageOn(dateOfBirth, applicationDate) >= minimumAge ? valid(dateOfBirth) : invalid('UNDER_MINIMUM_AGE');
}
