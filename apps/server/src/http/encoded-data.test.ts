import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodeData, joinEncoded } from './encoded-data.js';

describe('encoded data', () => {
  const person = z.object({ id: z.number().int(), name: z.string() });
  const menu = z.object({ keys: z.array(z.string()).min(1) });

  it('keeps only the fields of its schema, as the response serializer does', () => {
    const data = { id: 7, name: '陳大文', secret: 'A123456(7)' } as z.output<typeof person>;
    expect(JSON.parse(encodeData(person, data).json)).toEqual({ id: 7, name: '陳大文' });
  });

  it('refuses data its schema refuses', () => {
    expect(() => encodeData(menu, { keys: [] })).toThrow();
  });

  it('joins two objects into one with the fields of both', () => {
    const joined = joinEncoded(encodeData(person, { id: 1, name: 'Amy' }), encodeData(menu, { keys: ['loans.list'] }));
    expect(JSON.parse(joined.json)).toEqual({ id: 1, name: 'Amy', keys: ['loans.list'] });
  });
});
