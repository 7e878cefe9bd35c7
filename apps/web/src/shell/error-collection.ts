/** Collects uncaught errors and rejected promises into the error log (spec §8). */
import { useErrorLog } from '../stores/error-log.js';

let installed = false;

export function installErrorCollection(): void {
  if (installed) return;
  installed = true;
  const add = useErrorLog.getState().add;
  window.addEventListener('error', (e) => {
    const err = e.error as Error | undefined;
    add({ message: err?.message ?? e.message, info: 'window.onerror', url: location.href, stack: err?.stack });
  });
  window.addEventListener('unhandledrejection', (e) => {
    const reason = e.reason as unknown;
    const err = reason instanceof Error ? reason : undefined;
    add({
      message: err?.message ?? String(reason),
      info: 'unhandledrejection',
      url: location.href,
      stack: err?.stack,
    });
  });
}
