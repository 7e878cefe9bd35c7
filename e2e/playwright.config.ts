/**
 * Harbour's browser tests: Debian's Chromium (never a downloaded browser) against the production
 * build served by the real server, which the global setup starts once on a free port.
 */
import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.resolve(here, '../.artifacts');
// Several runs may share one checkout, and Playwright empties its output folder when it starts: each
// run gets its own. The runner loads this file first and its workers inherit the variable.
process.env.HARBOUR_E2E_RUN ??= `${Date.now()}-${process.pid}`;
const output = process.env.HARBOUR_E2E_OUTPUT ?? path.join(artifacts, 'e2e', `run-${process.env.HARBOUR_E2E_RUN}`);

export const CHROMIUM = process.env.HARBOUR_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: path.join(here, 'tests'),
  outputDir: path.join(output, 'test-results'),
  globalSetup: path.join(here, 'fixtures', 'global-setup.ts'),
  // Two browsers on two cores: Chromium's renderer and compositor keep both cores busy (a third
  // worker only slowed every test). HARBOUR_E2E_WORKERS overrides, e.g. 1 to watch one test.
  workers: Number(process.env.HARBOUR_E2E_WORKERS ?? 2),
  fullyParallel: true,
  // Retries would hide failures; a flaky test is a failing test.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  // A hang guard for the whole run, far above its normal length, so CI reports instead of stalling.
  globalTimeout: 45 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    [process.env.CI ? 'list' : 'line'],
    ['json', { outputFile: process.env.HARBOUR_E2E_JSON ?? path.join(output, 'results.json') }],
  ],
  use: {
    // Set by the global setup; workers start after it and inherit it.
    baseURL: process.env.HARBOUR_E2E_BASE_URL,
    headless: true,
    // The browser asks for reduced motion, as a user may in their system settings: the web then turns
    // antd's animations off (apps/web/src/components/reduced-motion.ts), so no step waits for a slide or a fade.
    reducedMotion: 'reduce',
    // No trace by default: recording one (DOM snapshots and a screencast of every step) doubled the
    // length of each test, and a failure already leaves its screenshot and error context.
    // HARBOUR_E2E_TRACE=retain-on-failure records them again, to step through a failure.
    trace: (process.env.HARBOUR_E2E_TRACE as 'off' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
