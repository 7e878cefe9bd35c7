import { describe, expect, it } from 'vitest';
import { issueField } from './validation.js';

describe('issueField', () => {
  it('names the unknown keys of an object', () => {
    expect(issueField({ keyword: 'unrecognized_keys', instancePath: '', params: { keys: ['extra'] } }, 'body')).toBe('extra');
    expect(issueField({ keyword: 'unrecognized_keys', instancePath: '/autopay', params: { keys: ['a', 'b'] } }, 'body')).toBe('autopay.a,b');
  });

  it('never answers an empty field name, even for an empty key', () => {
    expect(issueField({ keyword: 'unrecognized_keys', instancePath: '', params: { keys: [''] } }, 'body')).toBe('body');
    expect(issueField({ keyword: 'unrecognized_keys', instancePath: '/autopay', params: { keys: [''] } }, 'body')).toBe('autopay');
    expect(issueField({ keyword: 'invalid_type', instancePath: '' }, undefined)).toBe('body');
  });
});
