/**
 * Schedules per second for 60-instalment annuity loans: the Decimal engine of @harbour/domain
 * against a plain floating-point implementation of the same annuity, measured side by side in
 * one run. The float version lives here only — the domain never uses floats for money.
 *
 *   npx tsx bench/domain/schedule-bench.ts
 */
import { buildSchedule, type LoanTerms } from '../../packages/domain/src/index.js';

const TENOR = 60;
const MS_PER_SIDE = 1500;

// A spread of loans so neither side benefits from one cached input.
const loans = Array.from({ length: 16 }, (_, k) => ({
  amount: 10_000 + k * 7_919,
  nominalPercent: 8 + k * 1.75,
}));

const terms = (l: (typeof loans)[number]): LoanTerms => ({
  loanAmount: l.amount.toFixed(2),
  loanDate: '2024-01-31',
  totalTenor: TENOR,
  repayCycle: { kind: 'monthly' },
  interestMethod: 'amortization',
  nominalRate: l.nominalPercent.toFixed(4),
});

/** The same annuity in doubles: level instalment rounded to cents, interest = round(balance·i). */
function floatSchedule(amount: number, nominalPercent: number, n: number) {
  const i = nominalPercent / 100 / 12;
  const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;
  const instalment = round2((amount * i) / (1 - Math.pow(1 + i, -n)));
  const lines: { principal: number; interest: number; instalment: number; balance: number }[] = [];
  let balance = amount;
  for (let t = 1; t <= n; t++) {
    const interest = round2(balance * i);
    const principal = t === n ? balance : Math.min(round2(instalment - interest), balance);
    balance = round2(balance - principal);
    lines.push({ principal, interest, instalment: round2(principal + interest), balance });
  }
  return lines;
}

function measure(run: (k: number) => void): { perSecond: number; count: number; ms: number } {
  for (let k = 0; k < 50; k++) run(k); // warm up
  let count = 0;
  const start = performance.now();
  let now = start;
  while (now - start < MS_PER_SIDE) {
    for (let b = 0; b < 10; b++) run(count++);
    now = performance.now();
  }
  return { perSecond: (count / (now - start)) * 1000, count, ms: now - start };
}

// Agreement check first: the two implementations give the same cents for these loans.
let mismatchedLoans = 0;
for (const l of loans) {
  const d = buildSchedule(terms(l), { dayCount: '30/360' });
  const f = floatSchedule(l.amount, l.nominalPercent, TENOR);
  const same = d.lines.every((line, t) => line.interest.toFixed(2) === f[t]!.interest.toFixed(2) && line.principal.toFixed(2) === f[t]!.principal.toFixed(2));
  if (!same) mismatchedLoans++;
}

const decimal = measure((k) => {
  buildSchedule(terms(loans[k % loans.length]!), { dayCount: '30/360' });
});
const float = measure((k) => {
  const l = loans[k % loans.length]!;
  floatSchedule(l.amount, l.nominalPercent, TENOR);
});

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
console.log(`60-instalment annuity schedules (monthly, 30/360), ${MS_PER_SIDE} ms a side, Node ${process.version}`);
console.log(`  Decimal engine (@harbour/domain): ${fmt(decimal.perSecond)} schedules/s (${decimal.count} in ${decimal.ms.toFixed(0)} ms)`);
console.log(`  plain float (bench only):         ${fmt(float.perSecond)} schedules/s (${float.count} in ${float.ms.toFixed(0)} ms)`);
console.log(`  ratio float/Decimal:              ${(float.perSecond / decimal.perSecond).toFixed(1)}×`);
console.log(`  loans whose cents differ between the two: ${mismatchedLoans} of ${loans.length}`);
