/**
 * Where the server may send a request it is told to send (the SMS gateway's URL, saved by staff):
 * only https, and never to an address of the server's own network — loopback, link-local, private
 * and unique-local ranges, carrier-grade NAT, unspecified — so a staff member holding the gateway key
 * cannot point Harbour at an internal service or at a listener of their own on the lender's network.
 * An operator running a local gateway allows http or private addresses at start-up
 * (`HARBOUR_SMS_GATEWAY_ALLOW_HTTP=1`, `HARBOUR_SMS_GATEWAY_ALLOW_PRIVATE=1`, docs/operations.md).
 * The check runs when the URL is saved and again before every send (a name may resolve elsewhere later).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export interface OutboundPolicy {
  /** plain http allowed (a local gateway) */
  allowHttp: boolean;
  /** addresses of the server's own network allowed (a local gateway) */
  allowPrivate: boolean;
}

/** The strict policy: https to public addresses only. */
export const STRICT_OUTBOUND: OutboundPolicy = { allowHttp: false, allowPrivate: false };

const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  internal.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  internal.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address (v4, v6, or v4 mapped into v6) belongs to the server's own network. */
export function isInternalAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const family = isIP(ip);
  if (family === 4) return internal.check(ip, 'ipv4');
  if (family === 6) return internal.check(ip, 'ipv6');
  return false;
}

/** Why a URL may not be called under the policy: `insecure` (not https), `internal`, or null (allowed; a name that does not resolve now is left to the call). */
export async function outboundRefusal(url: string, policy: OutboundPolicy): Promise<'insecure' | 'internal' | null> {
  const u = new URL(url);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && policy.allowHttp)) return 'insecure';
  if (policy.allowPrivate) return null;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isInternalAddress(host) ? 'internal' : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'internal';
  const addresses = await lookup(host, { all: true, verbatim: true }).catch(() => []);
  return addresses.some((a) => isInternalAddress(a.address)) ? 'internal' : null;
}
