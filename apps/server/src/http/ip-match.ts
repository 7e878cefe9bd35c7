import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Whether `ip` is one of `entries` (addresses or CIDR blocks, IPv4 or IPv6; `::ffff:a.b.c.d` read as IPv4). */
export function ipAllowed(ip: string, entries: readonly string[]): boolean {
  const addr = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const family = isIPv4(addr) ? 'ipv4' : isIPv6(addr) ? 'ipv6' : null;
  if (!family) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const [base, prefix] = entry.trim().split('/');
    if (!base) continue;
    const f = isIPv4(base) ? 'ipv4' : isIPv6(base) ? 'ipv6' : null;
    if (!f) continue;
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (bits === undefined) list.addAddress(base, f);
    else if (Number.isInteger(bits) && bits >= 0 && bits <= (f === 'ipv4' ? 32 : 128)) list.addSubnet(base, bits, f);
  }
  return list.check(addr, family);
}
