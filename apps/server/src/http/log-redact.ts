import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry personal numbers shown masked on screen. Their values never reach
 * the logs: a logged URL would otherwise hold the whole number a staff member searched for. `q` is
 * the one search box of the customer and loan lists, which takes a whole ID number or phone.
 */
export const MASKED_QUERY_PARAMS: readonly string[] = ['mobile', 'hkid', 'phone', 'idNumber', 'contactMobile', 'q'];

/** The URL with the values of masked parameters replaced by `***`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq));
      return MASKED_QUERY_PARAMS.includes(name) && eq >= 0 ? `${pair.slice(0, eq)}=***` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Fastify's request log serializer, with masked parameters redacted from the URL. */
export function requestLogSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
