import { API_BASE } from '@harbour/contracts';
import { expect, it } from 'vitest';
import { fuzzEveryRoute } from './helpers/fuzz.js';

// Half of the routes (helpers/fuzz.ts): the other half is fuzz-2.test.ts, which the other vitest worker takes.
const app = fuzzEveryRoute(0, 2);

it('answers a validation error with translated field messages', async () => {
  const res = await app().app.inject({ method: 'POST', url: `${API_BASE}/login`, payload: { type: 1 }, headers: { 'accept-language': 'en' } });
  expect(res.statusCode).toBe(400);
  const env = res.json() as { errors: { field: string; message: string }[] };
  expect(env.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['username', 'password', 'captcha']));
});
