// fast-check run counts: ≥ 10,000 under CI, fewer locally to keep runs quick.
// The second-runtime pass of `npm test` (scripts/test.sh: the domain suite again on Node.js 24, with
// HARBOUR_SECOND_RUNTIME=1) looks for a break of the runtime, not for new counterexamples — the first
// pass has just searched with the full count — so its properties run a sample of 100 each. Properties
// with a count of their own (late payout's 1,000, s.21's) run it on both passes.
declare const process: { env: Record<string, string | undefined> };
export const RUNS = process.env['HARBOUR_SECOND_RUNTIME'] === '1' ? 100 : process.env['CI'] ? 10_000 : 500;
export const PROPERTY_TIMEOUT = 120_000;
