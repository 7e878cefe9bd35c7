import { fuzzEveryRoute } from './helpers/fuzz.js';

// Half of the routes (helpers/fuzz.ts): the other half is fuzz-1.test.ts, which the other vitest worker takes.
fuzzEveryRoute(1, 2);
