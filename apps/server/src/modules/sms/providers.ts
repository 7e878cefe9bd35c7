/**
 * SMS providers: what sends a queued message. `outbox` (the default, for an install without a
 * gateway) records the message as sent with a local reference and sends nothing; `http` posts it
 * to a Hong Kong SMS gateway's REST API. Both take the message id as the idempotency reference, so
 * a message re-sent after a worker died mid-send is delivered once by a gateway that honours it.
 */
import { STRICT_OUTBOUND, outboundRefusal, type OutboundPolicy } from '../../platform/outbound-address.js';
import type { GatewayRow } from './gateway.js';

export interface SmsOutgoing {
  /** the idempotency reference: the message id */
  reference: string;
  /** the recipient, E.164 (`+852…`) */
  to: string;
  text: string;
}

export interface SmsProvider {
  readonly name: string;
  /** The provider's reference of the accepted message; throws `SmsSendError` when refused or unreachable. */
  send(message: SmsOutgoing): Promise<{ providerRef: string }>;
}

/** A send that failed: `transient` ones (5xx, 429, timeout, network) are retried, the others are final. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export const outboxProvider: SmsProvider = {
  name: 'outbox',
  send: (m) => Promise.resolve({ providerRef: `outbox-${m.reference}` }),
};

/** A Hong Kong number (8 digits) as E.164; a number already with its country code kept. */
export function e164(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return digits;
  if (/^\d{8}$/.test(digits)) return `+852${digits}`;
  return `+${digits}`;
}

export interface HttpProviderConfig {
  url: string;
  username?: string | null;
  password?: string | null;
  token?: string | null;
  senderId?: string | null;
  timeoutMs: number;
  /** where the gateway may be (default: https to a public address) */
  policy?: OutboundPolicy;
}

/** The reason a gateway gives in its answer (`error`, `message` or `reason`), or the status line. */
async function reasonOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const reason = body['error'] ?? body['message'] ?? body['reason'];
    if (typeof reason === 'string' && reason) return `${res.status} ${reason}`.slice(0, 500);
  } catch {
    // not JSON: the text itself
  }
  return `${res.status} ${text || res.statusText}`.trim().slice(0, 500);
}

/**
 * A gateway's REST API: `POST <url>` with JSON `{ reference, to, from, text }`, the reference also
 * as the `Idempotency-Key` header; a bearer token, or basic authentication with the username and
 * password. A 2xx answer's `id` (or `messageId`, `reference`) is the provider reference.
 */
export function httpProvider(config: HttpProviderConfig): SmsProvider {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (config.token) headers['authorization'] = `Bearer ${config.token}`;
  else if (config.username) headers['authorization'] = `Basic ${Buffer.from(`${config.username}:${config.password ?? ''}`).toString('base64')}`;
  return {
    name: 'http',
    async send(m) {
      // checked before every send: the saved name may resolve somewhere else by now
      const refused = await outboundRefusal(config.url, config.policy ?? STRICT_OUTBOUND);
      if (refused) throw new SmsSendError(`refused: the gateway address is ${refused === 'insecure' ? 'not https' : 'on an internal network'}`, false);
      let res: Response;
      try {
        res = await fetch(config.url, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': m.reference },
          body: JSON.stringify({ reference: m.reference, to: m.to, from: config.senderId ?? undefined, text: m.text }),
          signal: AbortSignal.timeout(config.timeoutMs),
          redirect: 'error',
        });
      } catch (err) {
        const name = err instanceof Error ? err.name : '';
        throw new SmsSendError(name === 'TimeoutError' ? `timeout after ${config.timeoutMs} ms` : `network: ${err instanceof Error ? err.message : String(err)}`, true);
      }
      if (res.ok) {
        const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
        const ref = body['id'] ?? body['messageId'] ?? body['reference'];
        return { providerRef: typeof ref === 'string' || typeof ref === 'number' ? String(ref).slice(0, 128) : m.reference };
      }
      const reason = await reasonOf(res);
      throw new SmsSendError(reason, res.status >= 500 || res.status === 429 || res.status === 408);
    },
  };
}

/** The provider the saved gateway names. */
export function providerOf(row: GatewayRow, policy: OutboundPolicy): SmsProvider {
  if (row.provider === 'http' && row.url) {
    return httpProvider({ url: row.url, username: row.username, password: row.password, token: row.token, senderId: row.senderId, timeoutMs: row.timeoutMs, policy });
  }
  return outboxProvider;
}
