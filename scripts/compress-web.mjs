// Writes brotli (.br) and gzip (.gz) copies of the web build's text assets next to them, once at
// build time, so the server sends each file compressed as the browser accepts (`preCompressed`)
// without compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Files this small gain nothing from compression. */
const MIN_BYTES = 1024;

const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));

let raw = 0;
let br = 0;
let count = 0;
for (const file of files(dist)) {
  if (!TEXT.test(file)) continue;
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  raw += body.length;
  br += brotli.length;
  count++;
}
console.log(`compress-web: ${count} files, ${(raw / 1024).toFixed(0)} KiB → ${(br / 1024).toFixed(0)} KiB brotli`);
