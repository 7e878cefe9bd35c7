/**
 * The CSV of autopay files (RFC 4180): fields quoted when they hold a comma, quote or line break,
 * quotes doubled; lines end in CRLF, as banks' upload portals expect. The reader takes what a
 * bank's portal or a spreadsheet writes back: quoted fields, CRLF or LF, a UTF-8 byte-order mark.
 */
const NEEDS_QUOTES = /[",\r\n]/;

export function csvLine(fields: readonly string[]): string {
  return fields.map((f) => (NEEDS_QUOTES.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',');
}

export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map(csvLine).join('\r\n') + '\r\n';
}

/** The rows of a CSV text; blank lines are left out. Throws on a quote left open. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0]!.trim() !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') endRow();
    else if (c !== '\r') field += c;
  }
  if (quoted) throw new RangeError('A quoted field is not closed');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
