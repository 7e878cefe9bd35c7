/**
 * Latency under a fixed number of concurrent clients: each client sends its next request as soon
 * as the previous answer is read, cycling through `urls` (so a route is measured over varied
 * filters, not one cached answer), for `seconds`. Answers requests per second and the p50, p95
 * and p99 latencies in milliseconds. (autocannon reports no p95, and takes one URL per run.)
 */
export interface LatencyResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** answers other than 2xx, and failed requests */
  failures: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

export async function measureLatency(urls: string[], opts: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LatencyResult> {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const url = urls[next++ % urls.length]!;
      const t0 = performance.now();
      try {
        const res = await fetch(url, { headers: opts.headers });
        await res.arrayBuffer();
        if (!res.ok) failures++;
      } catch {
        failures++;
      }
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { requests: times.length, rps: times.length / elapsed, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), failures };
}
