/** One benchmark figure, or the reason it could not be measured on this machine. */
export interface Figure {
  part: string;
  name: string;
  value: string;
}

export const na = (part: string, name: string, reason: string): Figure => ({ part, name, value: `n/a (${reason})` });

export function printTable(figures: Figure[]): void {
  const w = [4, 6];
  for (const f of figures) {
    w[0] = Math.max(w[0]!, f.part.length);
    w[1] = Math.max(w[1]!, f.name.length);
  }
  const line = (a: string, b: string, c: string) => console.log(`${a.padEnd(w[0]!)}  ${b.padEnd(w[1]!)}  ${c}`);
  console.log();
  line('part', 'figure', 'value');
  line('-'.repeat(w[0]!), '-'.repeat(w[1]!), '-----');
  for (const f of figures) line(f.part, f.name, f.value);
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
