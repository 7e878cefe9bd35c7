// fast-check run counts: ≥ 10,000 under CI, fewer locally to keep runs quick.
declare const process: { env: Record<string, string | undefined> };
export const RUNS = process.env['CI'] ? 10_000 : 500;
export const PROPERTY_TIMEOUT = 120_000;
