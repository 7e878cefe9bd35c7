/**
 * Handing a fetched file to the browser: the name the server gave it (`Content-Disposition`,
 * RFC 6266) and a click on a temporary link. No framework, so the API client can use it.
 */

/**
 * The file name of a `Content-Disposition` header: `filename*` (RFC 5987, UTF-8, for Chinese
 * names) wins over `filename`; undefined when there is none. Folders are stripped.
 */
export function filenameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (name === undefined) {
    const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]?.trim()) : undefined;
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : undefined;
}

/** Saves a blob as a download under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click starts the download asynchronously; revoke once it has had time to read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
