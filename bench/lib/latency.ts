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
  /** the failures by HTTP status (`error` when no answer came) */
  failureCodes: Record<string, number>;
}

export const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

export async function measureLatency(urls: string[], opts: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LatencyResult> {
  return measureRequests((n) => ({ url: urls[n % urls.length]!, init: { headers: opts.headers } }), opts);
}

/** The same, for requests made one by one (the n-th request of the run): a POST with its own body. */
export async function measureRequests(
  request: (n: number) => { url: string; init?: RequestInit },
  opts: { connections: number; seconds: number },
): Promise<LatencyResult> {
  const times: number[] = [];
  let failures = 0;
  const failureCodes: Record<string, number> = {};
  const fail = (code: string) => {
    failures++;
    failureCodes[code] = (failureCodes[code] ?? 0) + 1;
  };
  let next = 0;
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const { url, init } = request(next++);
      const t0 = performance.now();
      try {
        const res = await fetch(url, init);
        await res.arrayBuffer();
        if (!res.ok) fail(String(res.status));
      } catch {
        fail('error');
      }
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { requests: times.length, rps: times.length / elapsed, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), failures, failureCodes };
}
