import type { FastifyInstance } from 'fastify';

/**
 * Scheduled jobs inside the server: a chain of `setTimeout`s, one to each next run at a Hong Kong
 * wall-clock time (UTC+8 all year: Hong Kong keeps no daylight saving). Every instance schedules
 * the run; the job itself takes an advisory lock, so one instance does it and the others find it
 * busy. Off in tests (`config.scheduledJobs`); stopped when the server closes.
 */
const HK_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Milliseconds from `now` to the next `hour:minute` in Hong Kong (a full day when it is that minute now). */
export function msUntilHongKong(now: Date, hour: number, minute: number): number {
  const hk = now.getTime() + HK_OFFSET_MS;
  const midnight = Math.floor(hk / DAY_MS) * DAY_MS;
  let next = midnight + (hour * 60 + minute) * 60_000;
  if (next <= hk) next += DAY_MS;
  return next - hk;
}

/** Runs `job` every day at `hour:minute` Hong Kong time while the app is open; a failed run is logged and the next one still comes. */
export function scheduleDaily(app: FastifyInstance, name: string, at: { hour: number; minute: number }, job: () => Promise<string>): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const arm = () => {
    if (closed) return;
    timer = setTimeout(() => {
      job()
        .then((outcome) => app.log.info({ job: name }, `${name}: ${outcome}`))
        .catch((err: unknown) => app.log.error({ job: name, err }, `${name} failed`))
        .finally(arm);
    }, msUntilHongKong(new Date(), at.hour, at.minute));
    timer.unref();
  };
  app.addHook('onReady', async () => arm());
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
}
