import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Whether `ip` is inside any of the allowlist entries (single addresses or CIDR blocks, IPv4 or
 * IPv6). IPv4 addresses seen through an IPv6 socket (`::ffff:10.0.0.1`) are compared as IPv4.
 */
export function ipMatchesAny(ip: string, entries: readonly string[]): boolean {
  const addr = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const family = isIPv4(addr) ? 'ipv4' : isIPv6(addr) ? 'ipv6' : null;
  if (!family) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const [base, prefix] = entry.split('/');
    if (!base) continue;
    const entryFamily = isIPv4(base) ? 'ipv4' : isIPv6(base) ? 'ipv6' : null;
    if (!entryFamily) continue;
    if (prefix === undefined) list.addAddress(base, entryFamily);
    else list.addSubnet(base, Number(prefix), entryFamily);
  }
  return list.check(addr, family);
}
