import { expect, it } from 'vitest';
import { redactUrl } from './log-redact.js';

it('keeps the values of masked query parameters out of logged URLs', () => {
  expect(redactUrl('/api/admin/v1/staff?page=1&mobile=91234567&name=Chan')).toBe('/api/admin/v1/staff?page=1&mobile=***&name=Chan');
  expect(redactUrl('/api/admin/v1/customers?hkid=A1234563')).toBe('/api/admin/v1/customers?hkid=***');
  // The one search box takes a whole ID number or phone.
  expect(redactUrl('/api/admin/v1/loans?q=A1234563&status=repaying')).toBe('/api/admin/v1/loans?q=***&status=repaying');
  // Encoded names are recognised too; other parameters and plain paths are untouched.
  expect(redactUrl('/x?%6Dobile=9123%204567&sort=id:asc')).toBe('/x?%6Dobile=***&sort=id:asc');
  expect(redactUrl('/api/admin/v1/staff/3')).toBe('/api/admin/v1/staff/3');
});
