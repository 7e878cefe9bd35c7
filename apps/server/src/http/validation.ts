import type { FieldError } from '@harbour/contracts';
import { hasMessage, translate } from './i18n.js';
import type { MessageParams } from '../platform/errors.js';
import type { Language } from '@harbour/contracts';

/** One issue as fastify-type-provider-zod hands it over (`err.validation[i]`). */
interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

const num = (v: unknown) => (typeof v === 'bigint' ? v.toString() : typeof v === 'number' ? String(v) : String(v ?? ''));

/**
 * A zod issue → the code and parameters of a translated field message. A schema may name its own
 * message code (`{ message: 'validation.hkid' }`); otherwise the issue kind decides.
 */
export function issueMessage(issue: ValidationIssue): { code: string; params: MessageParams } {
  const p = issue.params ?? {};
  const params: MessageParams = {};
  if (p.minimum !== undefined) params.min = num(p.minimum);
  if (p.maximum !== undefined) params.max = num(p.maximum);
  if (p.divisor !== undefined) params.divisor = num(p.divisor);
  if (issue.message && hasMessage(issue.message)) return { code: issue.message, params };
  const origin = p.origin as string | undefined;
  switch (issue.keyword) {
    case 'invalid_type':
      // zod leaves the input out of issues; its own message says what was received.
      if (/received (undefined|null)/.test(issue.message ?? '')) return { code: 'validation.required', params };
      return { code: p.expected === 'number' ? 'validation.number' : 'validation.invalidType', params };
    case 'too_small':
      if (origin === 'string') return { code: p.minimum === 1 ? 'validation.required' : 'validation.tooShort', params };
      if (origin === 'array' || origin === 'set') return { code: 'validation.tooFewItems', params };
      return { code: p.inclusive === false ? 'validation.tooSmallExclusive' : 'validation.tooSmall', params };
    case 'too_big':
      if (origin === 'string') return { code: 'validation.tooLong', params };
      if (origin === 'array' || origin === 'set') return { code: 'validation.tooManyItems', params };
      return { code: p.inclusive === false ? 'validation.tooBigExclusive' : 'validation.tooBig', params };
    case 'invalid_format':
      if (p.format === 'email') return { code: 'validation.email', params };
      if (p.format === 'date') return { code: 'validation.date', params };
      return { code: 'validation.invalidFormat', params };
    case 'invalid_value':
    case 'invalid_union':
      return { code: 'validation.choice', params };
    case 'unrecognized_keys':
      return { code: 'validation.unknownField', params };
    case 'not_multiple_of':
      return { code: 'validation.notMultipleOf', params };
    default:
      return { code: 'validation.invalid', params };
  }
}

/** Field name of an issue: the dotted path, or the request part (`body`, `querystring`) for the whole. */
export function issueField(issue: ValidationIssue, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
    // An empty key ("") names no field; the error then belongs to the object that holds it.
    const keys = (issue.params.keys as unknown[]).map(String).filter(Boolean).join(',');
    if (keys) return path ? `${path}.${keys}` : keys;
  }
  return path || context || 'body';
}

export function translateIssues(issues: readonly ValidationIssue[], context: string | undefined, lang: Language): FieldError[] {
  return issues.map((issue) => {
    const { code, params } = issueMessage(issue);
    return { field: issueField(issue, context), message: translate(lang, code, params) };
  });
}
