// Reads the step log and every runner's JSON report that scripts/test.sh collected, prints the
// per-step timings, and closes with the one line CI reads: `N passed, N failed, N skipped`.
// A step that failed without a test report of its own (build, lint, typecheck, a runner that
// crashed) counts as one failure, so a broken step can never hide behind green tests.
import { existsSync, readFileSync } from 'node:fs';

const [stepsFile] = process.argv.slice(2);
if (!stepsFile) throw new Error('usage: summarize-results.mjs <steps.tsv>');

/** Counts from a vitest `--reporter=json` file (jest-compatible shape). */
function vitestCounts(report) {
  let failed = report.numFailedTests ?? 0;
  // A file that failed to load or threw outside a test has no failing assertion: count the file.
  for (const file of report.testResults ?? []) {
    const failedAssertions = (file.assertionResults ?? []).filter((a) => a.status === 'failed').length;
    if (file.status === 'failed' && failedAssertions === 0) failed += 1;
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Counts from a Playwright JSON report: stats.expected/unexpected/flaky/skipped plus global errors. */
function playwrightCounts(report) {
  const s = report.stats ?? {};
  return {
    passed: s.expected ?? 0,
    // With retries at 0 nothing is flaky; should someone add retries, a flaky test is still a failure.
    failed: (s.unexpected ?? 0) + (s.flaky ?? 0) + (report.errors?.length ?? 0),
    skipped: s.skipped ?? 0,
  };
}

const total = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
for (const line of readFileSync(stepsFile, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const [name, seconds, exitCode, kind = '', report = ''] = line.split('\t');
  let counts = null;
  if (kind && report && existsSync(report)) {
    try {
      const json = JSON.parse(readFileSync(report, 'utf8'));
      counts = kind === 'vitest' ? vitestCounts(json) : playwrightCounts(json);
    } catch {
      counts = null; // an unreadable report is a failed step below
    }
  }
  const ok = exitCode === '0';
  let note;
  if (counts) {
    // A runner that exited non-zero with no failing test (an unhandled error, a crash in teardown)
    // still failed.
    if (!ok && counts.failed === 0) counts.failed = 1;
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    note = `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
  } else if (exitCode === 'skip') {
    note = 'skipped';
  } else if (ok) {
    note = 'ok';
  } else {
    total.failed += 1;
    note = kind ? `FAILED (exit ${exitCode}, no report)` : `FAILED (exit ${exitCode})`;
  }
  rows.push([name, `${Number(seconds).toFixed(1)}s`, note]);
}

const width = [0, 0];
for (const r of rows) {
  width[0] = Math.max(width[0], r[0].length);
  width[1] = Math.max(width[1], r[1].length);
}
console.log('\n== Harbour test summary ==');
for (const [name, time, note] of rows) {
  console.log(`${name.padEnd(width[0])}  ${time.padStart(width[1])}  ${note}`);
}
// Steps may run side by side (lint and typecheck): the whole run's wall time is not their sum.
if (process.env.HARBOUR_RUN_SECONDS) console.log(`${'whole run (wall)'.padEnd(width[0])}  ${`${process.env.HARBOUR_RUN_SECONDS}s`.padStart(width[1])}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 ? 1 : 0;
