// Bundle sizes of the production build (vite build), and what the login route makes the browser
// download: the entry with its static imports plus the lazily loaded login layout and page.
// Goal: the login route's JavaScript ≤ 300 KB gzip; every screen lazy-loaded.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface BuildReport {
  files: number;
  jsRaw: number;
  jsGzip: number;
  entryGzip: number;
  loginGzip: number;
  loginFiles: number;
  lazyScreens: number;
  largest: Array<{ file: string; gzip: number }>;
  seconds: number;
}

export function benchBuild(): BuildReport {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-build-'));
  const started = Date.now();
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    env: { ...process.env, WEB_OUT_DIR: out },
    stdio: 'inherit',
  });
  const seconds = (Date.now() - started) / 1000;
  const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(out, file)), { level: 9 }).length;

  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const i of manifest[key]!.imports ?? []) walk(i);
    };
    keys.forEach(walk);
    return [...seen].map((k) => manifest[k]!.file);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const loginFiles = closure([entry, 'src/layouts/UserLayout.tsx', 'src/views/user/Login.tsx']);
  const jsFiles = fs
    .readdirSync(path.join(out, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const sizes = jsFiles.map((file) => ({ file, raw: fs.statSync(path.join(out, file)).size, gzip: gzip(file) }));
  const report: BuildReport = {
    files: jsFiles.length,
    jsRaw: sizes.reduce((a, s) => a + s.raw, 0),
    jsGzip: sizes.reduce((a, s) => a + s.gzip, 0),
    entryGzip: closure([entry]).reduce((a, f) => a + gzip(f), 0),
    loginGzip: loginFiles.reduce((a, f) => a + gzip(f), 0),
    loginFiles: loginFiles.length,
    lazyScreens: Object.values(manifest).filter((c) => c.src && /^src\/(views|layouts)\//.test(c.src) && !c.isEntry).length,
    largest: sizes
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((s) => ({ file: s.file.replace(/-[\w-]{8}\.js$/, '.js'), gzip: s.gzip })),
    seconds,
  };
  fs.rmSync(out, { recursive: true, force: true });
  return report;
}

export function buildSection(r: BuildReport): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return [
    '## Web bundle (vite build)',
    '',
    `Production build in ${r.seconds.toFixed(1)} s: ${r.files} JavaScript files, ${kb(r.jsRaw)} raw, ${kb(r.jsGzip)} gzip in all.`,
    '',
    '| measure | gzip | goal |',
    '|---|---:|---|',
    `| login route: entry + login layout + login page (${r.loginFiles} files) | ${kb(r.loginGzip)} | ≤ 300 KB ${r.loginGzip <= 300 * 1024 ? '✔' : '✘'} |`,
    `| entry chunk with its static imports | ${kb(r.entryGzip)} | — |`,
    `| screens and layouts loaded lazily | ${r.lazyScreens} chunks | every screen ${r.lazyScreens > 0 ? '✔' : '✘'} |`,
    ...r.largest.map((l) => `| largest: ${l.file} | ${kb(l.gzip)} | — |`),
    '',
  ].join('\n');
}
