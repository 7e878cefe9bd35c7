import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

/**
 * The built web app is sent as the brotli or gzip copy made at build time when the browser
 * accepts it, hashed assets are cached for a year, and index.html (also as the SPA fallback) is
 * revalidated on every load.
 */
let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('Harbour '.repeat(400))});`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'harbour-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, body: string) => {
    fs.writeFileSync(path.join(dist, name), body);
    fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(body));
  };
  write('assets/index-abc123.js', script);
  write('index.html', html);
  t = await createTestApp({ config: { webDist: dist }, readOnly: true });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('web assets', () => {
  it('sends brotli, then gzip, then the plain file, as the browser accepts', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('lets browsers keep hashed assets for a year and revalidate index.html, also as the SPA fallback', async () => {
    expect((await get('/assets/index-abc123.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/loan/list?page=2']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});
