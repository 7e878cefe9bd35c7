/** A start-up problem the operator can fix; main.ts prints its message as one line and exits 1. */
export class StartupError extends Error {
  override name = 'StartupError';
}
