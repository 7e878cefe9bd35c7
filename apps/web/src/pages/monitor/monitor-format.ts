/** Bytes as KB, MB or GB (1024-based) with one decimal: "42.3 MB". */
export function bytesText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} B` : `${v.toFixed(1)} ${units[i]}`;
}

/** Seconds as days, hours and minutes (seconds only under a minute), largest first, zeros left out. */
export function durationParts(seconds: number): ['d' | 'h' | 'm' | 's', number][] {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return [['s', s]];
  const parts: ['d' | 'h' | 'm', number][] = [
    ['d', Math.floor(s / 86_400)],
    ['h', Math.floor((s % 86_400) / 3600)],
    ['m', Math.floor((s % 3600) / 60)],
  ];
  return parts.filter(([, n]) => n > 0);
}
