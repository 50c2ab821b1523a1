// The schema runtime against hand-written antd pages for the same screens, in one Chromium run: a
// 20-column list given 100 rows and a 200-field form, each as a generated page (renderer/) and as
// a hand-written one (bench/renderer/); the form also as raw Formily and as amis (issue 20). Time to
// first complete render is the median of fresh loads after a warm-up; for the forms also keystroke →
// paint while typing into the 100th text input; for every page the gzip size of its JavaScript.
// Goals: generated ≤ 1.15 × hand-written to first render; keystroke → paint p95 ≤ 16 ms in the
// generated 200-field form and at or below the best of raw Formily and amis; script fetched ≤ 1.5 ×
// hand-written for the form, ≤ 1.2 × for the list. A missed goal is reported, never a failure.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { TYPED_FIELD } from './renderer/fixtures.ts';
import { TYPING_PAUSE_MS } from '../renderer/form/deferredBox.tsx';
import type { BenchState, KeySample } from './renderer/probe.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RENDERER_RUNS ?? 7);
/** Only these pages (comma-separated names), for iterating on one screen; every page by default. */
const ONLY = process.env.BENCH_RENDERER_PAGES?.split(',').map((p) => p.trim());
const KEY_PAGES = Number(process.env.BENCH_RENDERER_KEY_PAGES ?? 3);
/**
 * Loads of raw Formily and of amis typed into, at most KEY_PAGES: 2, so that the renderer part, with
 * their loads and amis's longer build, stays within ~6 minutes on the 2-core machine (issue 20).
 */
const PEER_KEY_PAGES = Number(process.env.BENCH_RENDERER_PEER_KEY_PAGES ?? 2);
const TYPED = 'abcdefghijklmnopqrstuvwxyzabcd'; // 30 keys
/** Pause after key i: 40–89 ms, a fast typist's pace, varied so keys do not fall in step with the frames. */
const keyGap = (i: number) => 40 + ((i * 37) % 50);
/** The text inputs of the forms (antd Input; amis's input-text; money excluded); the keys go into the 100th. */
const TEXT_INPUTS = 'input.ant-input:not([inputmode=decimal])';
const AMIS_TEXT_INPUTS = '.cxd-Form-item:not(.bench-money) .cxd-TextControl input[type=text]';
const TEXT_INPUT_INDEX = 99;
const AMIS_VERSION: string =
  (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'bench/renderer/peers/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    }
  ).dependencies.amis ?? '?';

export const RATIO_GOAL = 1.15;
export const KEY_P95_GOAL_MS = 16;
/** Issue 14: a document with 200 lines renders within 1.3× of a 200-row plain list. */
export const LINES_RATIO_GOAL = 1.3;
/** Issue 20: JavaScript fetched at first render against the hand-written page of the same screen. */
export const FORM_SCRIPT_GOAL = 1.5;
export const LIST_SCRIPT_GOAL = 1.2;

const PAGES = [
  'list-hand',
  'list-schema',
  'form-hand',
  'form-schema',
  'lines-list',
  'doc-lines',
  'form-formily',
  'form-amis',
  'list-hand-all',
  'list-schema-all',
] as const;
type PageName = (typeof PAGES)[number];
/** Pages also loaded at 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate): the list row for row. */
const SLOW_PAGES = ['list-hand-all', 'list-schema-all'] as const;
type SlowPage = (typeof SLOW_PAGES)[number];
const SLOWDOWN = 4;
/** The 200-field form: hand-written antd, raw Formily, amis, generated. */
const FORMS = ['form-hand', 'form-formily', 'form-amis', 'form-schema'] as const;
type FormPage = (typeof FORMS)[number];
/** The pages keys are typed into: the forms and the floor, one input on an empty page. */
type TypedPage = FormPage | 'input';

/** The page modules of bench/renderer/ by page, as the vite manifest names them. */
const PAGE_MODULES: Record<PageName, string> = {
  'list-hand': 'ListHand.tsx',
  'list-schema': 'ListSchema.tsx',
  'form-hand': 'FormHand.tsx',
  'form-schema': 'FormSchema.tsx',
  'lines-list': 'LinesList.tsx',
  'doc-lines': 'DocSchema.tsx',
  'form-formily': 'FormFormily.tsx',
  'form-amis': 'FormAmis.tsx',
  'list-hand-all': 'ListHandAll.tsx',
  'list-schema-all': 'ListSchemaAll.tsx',
};

/** What each page is, in the script sizes' table. */
const PAGE_TITLES: Partial<Record<PageName, string>> = {
  'list-hand': 'list, hand-written antd',
  'list-schema': 'list, generated',
  'form-hand': 'form, hand-written antd',
  'form-formily': 'form, raw Formily',
  'form-amis': 'form, amis',
  'form-schema': 'form, generated',
  'lines-list': '200 lines as a plain list, generated',
  'doc-lines': 'document with 200 lines, generated',
  'list-hand-all': 'list, all rows mounted, hand-written antd',
  'list-schema-all': 'list, all rows mounted, generated',
};

/** Each page's hand-written counterpart, for the script sizes. */
const HAND: Partial<Record<PageName, PageName>> = {
  'list-schema': 'list-hand',
  'form-schema': 'form-hand',
  'form-formily': 'form-hand',
  'form-amis': 'form-hand',
  'lines-list': 'list-hand',
  'doc-lines': 'form-hand',
  'list-schema-all': 'list-hand-all',
};

/** gzip bytes of a built file, once each. */
const gzipSizes = new Map<string, number>();
function gzipOf(out: string, file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(out, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** gzip bytes of the JavaScript each page loads: the entry, the shell, the page and their static imports. */
function scriptSizes(out: string): Record<PageName, number> {
  const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[] }
  >;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const gzip = (file: string) => gzipOf(out, file);
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
  return Object.fromEntries(
    PAGES.map((p) => [p, closure([entry, 'shell.tsx', PAGE_MODULES[p]]).reduce((a, f) => a + gzip(f), 0)]),
  ) as Record<PageName, number>;
}

export interface LoadTiming {
  /** Median ms from the entry module's start to the paint after the first complete render. */
  median: number;
  /** Median of the same moment from navigation start (fetching the page's scripts included). */
  sinceNavigation: number;
  /** Median ms from the entry module's start until the page's modules are fetched and evaluated. */
  loaded: number;
  all: number[];
}

export interface KeyTiming {
  samples: number;
  paintP50: number;
  paintP95: number;
  /** keydown → the input event handled, React's render of it included. */
  workP50: number;
  workP95: number;
}

export interface RendererReport {
  chromium: string;
  runs: number;
  keyPages: number;
  keysPerPage: number;
  load: Record<PageName, LoadTiming>;
  /** The same at 4× CPU slowdown. */
  slow: Record<SlowPage, LoadTiming>;
  keys: Record<FormPage, KeyTiming>;
  /** Fresh loads each of the raw Formily and amis forms were typed into. */
  peerKeyPages: number;
  /** The floor: the same keys into one input on an empty page (one load). */
  floor: KeyTiming;
  listRatio: number;
  formRatio: number;
  /** The document with 200 lines against the same lines as a plain list. */
  linesRatio: number;
  /** The list with all 100 rows mounted (no virtual body), at 1× and at 4× CPU. */
  listAllRatio: number;
  listAllRatioSlow: number;
  /** gzip bytes of the JavaScript each page loads by the vite manifest: entry, shell, page, static imports. */
  scripts: Record<PageName, number>;
  /** gzip bytes of the .js files the page requested up to its first complete render (lazy chunks included). */
  fetched: Record<PageName, number>;
  /** How many .js files that was. */
  fetchedFiles: Record<PageName, number>;
  buildSeconds: number;
  seconds: number;
  /** 1-minute load average before and after: other work on the machine makes the times noisy. */
  load1: [number, number];
  warnings: string[];
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (xs: number[]) => percentile(xs, 50);

/** Nearest-rank percentile. */
function percentile(xs: number[], p: number): number {
  const sorted = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function openPage(context: BrowserContext, base: string, name: PageName | TypedPage, warnings: string[], cpu = 1) {
  const page = await context.newPage();
  if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && warnings.length < 20) warnings.push(`${name}: ${m.text().slice(0, 200)}`);
  });
  await page.goto(`${base}/#${name}`);
  const settled = () => window.__bench && (window.__bench.ready !== undefined || window.__bench.errors.length > 0);
  await page.waitForFunction(settled, null, { timeout: 60_000 });
  const { state, scripts } = await page.evaluate(() => ({
    state: window.__bench,
    // The scripts requested up to the first complete render: static imports and lazy chunks alike.
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= (window.__bench.sinceNavigation ?? Infinity) && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => new URL(e.name).pathname),
  }));
  errors.push(...state.errors);
  if (errors.length) {
    await page.close();
    throw new Error(`renderer bench: #${name} failed: ${errors.join('; ')}`);
  }
  return { page, state: state as BenchState, scripts: [...new Set(scripts)] };
}

/** Types TYPED into the 100th text input of a freshly loaded form, one key at a time. */
async function typeKeys(context: BrowserContext, base: string, name: TypedPage, warnings: string[]): Promise<KeySample[]> {
  const { page } = await openPage(context, base, name, warnings);
  try {
    await page.waitForTimeout(300); // let the first render's follow-up work settle
    const target = await page.evaluate(
      ({ selector, index }) => {
        const input = document.querySelectorAll<HTMLInputElement>(selector)[index];
        if (!input) return null;
        input.scrollIntoView({ block: 'center' });
        input.focus();
        return {
          focused: document.activeElement === input,
          // The item's label alone (its character count would run into the number).
          item: input.closest('.ant-formily-item, .ant-form-item, .cxd-Form-item')?.querySelector('label, .cxd-Form-label')
            ?.textContent,
        };
      },
      name === 'input'
        ? { selector: 'input', index: 0 }
        : { selector: name === 'form-amis' ? AMIS_TEXT_INPUTS : TEXT_INPUTS, index: TEXT_INPUT_INDEX },
    );
    if (!target?.focused) throw new Error(`renderer bench: #${name} has no text input ${TEXT_INPUT_INDEX + 1} to type into`);
    // Every form lists the fields in the same order: the 100th text input is the same field in each.
    if (name !== 'input' && /字段 (\d+)/.exec(target.item ?? '')?.[1] !== TYPED_FIELD.slice(1))
      throw new Error(`renderer bench: #${name} would type into «${target.item}», not field ${TYPED_FIELD}`);
    await page.waitForTimeout(100);
    for (let i = 0; i < TYPED.length; i++) {
      await page.keyboard.press(TYPED[i]!);
      await page.evaluate((n) => window.__benchKeys(n), i + 1);
      await page.waitForTimeout(keyGap(i));
    }
    const { keys, value } = await page.evaluate(() => ({
      keys: window.__bench.keys,
      value: (document.activeElement as HTMLInputElement | null)?.value ?? '',
    }));
    if (value !== TYPED) warnings.push(`${name}: typed ${JSON.stringify(TYPED)}, the input holds ${JSON.stringify(value)}`);
    return keys;
  } finally {
    await page.close();
  }
}

export async function benchRenderer(): Promise<RendererReport> {
  // amis, which the bench compares with, is not the product's: installed apart on the first run.
  const peers = path.join(ROOT, 'bench/renderer/peers');
  if (!fs.existsSync(path.join(peers, 'node_modules/amis/package.json')))
    execFileSync('npm', ['ci', '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: peers,
      stdio: 'inherit',
    });
  const started = Date.now();
  const loadBefore = os.loadavg()[0]!;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-renderer-bench-'));
  let server: http.Server | undefined;
  let browser: Browser | undefined;
  try {
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        path.join(ROOT, 'bench/renderer/vite.config.ts'),
        '--outDir',
        out,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { cwd: ROOT, stdio: 'inherit' },
    );
    const buildSeconds = (Date.now() - started) / 1000;
    const scripts = scriptSizes(out);
    server = await serve(out);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'zh-CN' });
    const warnings: string[] = [];
    const fetchedFiles = {} as Record<PageName, string[]>;
    const load = async (name: PageName, cpu = 1) => {
      const { page, state, scripts } = await openPage(context, base, name, warnings, cpu);
      await page.close();
      fetchedFiles[name] = scripts; // the last load's
      return state;
    };

    // Every page at 1× and the slow pages again at 4× CPU, as one interleaved round of loads.
    const wanted = (p: PageName) => !ONLY || ONLY.includes(p);
    const jobs = [
      ...PAGES.filter(wanted).map((name) => ({ name, cpu: 1 })),
      ...SLOW_PAGES.filter(wanted).map((name) => ({ name, cpu: SLOWDOWN })),
    ];
    for (const job of jobs) await load(job.name, job.cpu); // warm-up: caches, compiled code
    const timings = Object.fromEntries(PAGES.map((p) => [p, [] as BenchState[]])) as Record<PageName, BenchState[]>;
    const slowTimings = Object.fromEntries(SLOW_PAGES.map((p) => [p, [] as BenchState[]])) as Record<SlowPage, BenchState[]>;
    for (let run = 0; run < RUNS; run++) {
      // A different order each round, so no page always follows the same one.
      for (let i = 0; i < jobs.length; i++) {
        const { name, cpu } = jobs[(i + run) % jobs.length]!;
        const state = await load(name, cpu);
        if (cpu === 1) timings[name].push(state);
        else slowTimings[name as SlowPage].push(state);
      }
    }
    const keySamples = Object.fromEntries(['input', ...FORMS].map((p) => [p, [] as KeySample[]])) as Record<
      TypedPage,
      KeySample[]
    >;
    const typing = FORMS.some(wanted);
    if (typing) keySamples.input = await typeKeys(context, base, 'input', warnings);
    for (let i = 0; i < (typing ? KEY_PAGES : 0); i++) {
      // The four forms in a different order each round; raw Formily and amis on PEER_KEY_PAGES rounds.
      for (let j = 0; j < FORMS.length; j++) {
        const name = FORMS[(i + j) % FORMS.length]!;
        if (!wanted(name) || ((name === 'form-formily' || name === 'form-amis') && i >= PEER_KEY_PAGES)) continue;
        keySamples[name].push(...(await typeKeys(context, base, name, warnings)));
      }
    }
    const missing = [...new Set(Object.values(fetchedFiles).flat())].filter((f) => !fs.existsSync(path.join(out, f)));
    if (missing.length) warnings.push(`scripts fetched that the build does not hold: ${missing.join(', ')}`);
    const fetchedOf = (name: PageName) =>
      (fetchedFiles[name] ?? []).filter((f) => !missing.includes(f)).reduce((a, f) => a + gzipOf(out, f), 0);

    const loadOf = (name: PageName, states = timings[name]): LoadTiming => ({
      median: median(states.map((s) => s.ready!)),
      sinceNavigation: median(states.map((s) => s.sinceNavigation!)),
      loaded: median(states.map((s) => s.loaded!)),
      all: states.map((s) => s.ready!),
    });
    const keysOf = (name: TypedPage): KeyTiming => {
      const paint = keySamples[name].map((s) => s.paint);
      const work = keySamples[name].map((s) => s.work);
      return {
        samples: paint.filter(Number.isFinite).length,
        paintP50: percentile(paint, 50),
        paintP95: percentile(paint, 95),
        workP50: percentile(work, 50),
        workP95: percentile(work, 95),
      };
    };
    const loads = Object.fromEntries(PAGES.map((p) => [p, loadOf(p)])) as Record<PageName, LoadTiming>;
    const slow = Object.fromEntries(SLOW_PAGES.map((p) => [p, loadOf(p, slowTimings[p])])) as Record<SlowPage, LoadTiming>;
    return {
      chromium: browser.version(),
      runs: RUNS,
      keyPages: KEY_PAGES,
      keysPerPage: TYPED.length,
      load: loads,
      slow,
      keys: Object.fromEntries(FORMS.map((p) => [p, keysOf(p)])) as Record<FormPage, KeyTiming>,
      peerKeyPages: Math.min(KEY_PAGES, PEER_KEY_PAGES),
      floor: keysOf('input'),
      listRatio: loads['list-schema'].median / loads['list-hand'].median,
      formRatio: loads['form-schema'].median / loads['form-hand'].median,
      linesRatio: loads['doc-lines'].median / loads['lines-list'].median,
      listAllRatio: loads['list-schema-all'].median / loads['list-hand-all'].median,
      listAllRatioSlow: slow['list-schema-all'].median / slow['list-hand-all'].median,
      scripts,
      fetched: Object.fromEntries(PAGES.map((p) => [p, fetchedOf(p)])) as Record<PageName, number>,
      fetchedFiles: Object.fromEntries(PAGES.map((p) => [p, fetchedFiles[p]?.length ?? 0])) as Record<PageName, number>,
      buildSeconds,
      seconds: (Date.now() - started) / 1000,
      load1: [loadBefore, os.loadavg()[0]!],
      warnings,
    };
  } finally {
    await browser?.close();
    server?.close();
    fs.rmSync(out, { recursive: true, force: true });
  }
}

export function rendererSection(r: RendererReport): string {
  // A page left out (BENCH_RENDERER_PAGES) shows as —.
  const ms = (n: number) => (Number.isNaN(n) ? '—' : `${n.toFixed(1)} ms`);
  const times = (x: number) => (Number.isNaN(x) ? '—' : `${x.toFixed(2)} ×`);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const goal = (x: number) => (Number.isNaN(x) ? '—' : `≤ ${RATIO_GOAL} × ${x <= RATIO_GOAL ? '✔' : '✘'}`);
  const l = r.load;
  const k = r.keys;
  const schema = r.keys['form-schema'];
  const peerP95 = Math.min(k['form-formily'].paintP95, k['form-amis'].paintP95);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const row = (measure: string, a: number, b: number, goalText = '—') =>
    `| ${measure} | ${ms(a)} | ${ms(b)} | ${times(b / a)} | ${goalText} |`;
  const formRow = (measure: string, value: (p: FormPage) => string, ratio?: number, goalText = '—') =>
    `| ${measure} | ${FORMS.map(value).join(' | ')} | ${ratio === undefined ? '—' : times(ratio)} | ${goalText} |`;
  return [
    '## Schema renderer vs hand-written antd pages',
    '',
    `Measured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${cpu} (1-minute load ${r.load1[0].toFixed(1)} before, ${r.load1[1].toFixed(1)} after), ` +
      `Chromium ${r.chromium} headless, ${r.seconds.toFixed(0)} s in all with the build of the bench app (bench/renderer/, ${r.buildSeconds.toFixed(1)} s). ` +
      `Each page loaded ${r.runs} times in a fresh tab after a warm-up, pages interleaved, median; first render is the time from the entry module's start ` +
      `(the page's own scripts still to fetch and evaluate) to the paint after the first complete render. ` +
      `The list gets 100 rows over 20 columns of mixed types (text, money, date, datetime, dictionary, integer, number, boolean) from an in-memory fetcher; ` +
      `the list schema sets a page size of 100, so both pages show all 100 rows on one page through a virtual body (from 40 rows, spec section 9) with the same Table props; the first screenful marks the render. ` +
      `Row for row, the same list with all 100 rows mounted (the bench bundle says \`virtual: { from: 1000 }\`, the hand page \`virtual={false}\`, both \`scroll.x\` max-content with a sticky scroll bar; all 100 rows in the DOM mark the render), ` +
      `also in a fresh tab at ${SLOWDOWN}× CPU slowdown (CDP Emulation.setCPUThrottlingRate before navigation); ` +
      `the bundle has no toolbar, row or batch actions and no query form, so both show one table in a card with the runtime's empty toolbar row (screenshots compared). ` +
      `The form has 200 fields (text, integer, number, money, dictionary; required and maxLength rules); the generated one is buildFormSchema over the entity's default form, inline. ` +
      `Keystrokes: ${r.keysPerPage} keys typed one at a time into the form's 100th text input on each of ${r.keyPages} fresh loads` +
      `${r.peerKeyPages < r.keyPages ? ` (${r.peerKeyPages} of raw Formily and of amis, so that this part stays within ~6 minutes)` : ''}, the forms interleaved; ` +
      `keydown → the paint of the first frame showing the character, the wait for that frame included: ` +
      `the same keys into one input on an empty page take ${r.floor.paintP50.toFixed(1)} ms p50, ${r.floor.paintP95.toFixed(1)} ms p95 here.`,
    '',
    '| measure | hand-written antd | generated (renderer) | ratio | goal |',
    '|---|---:|---:|---:|---|',
    row('list, 20 columns × 100 rows: first render', l['list-hand'].median, l['list-schema'].median, goal(r.listRatio)),
    row('list, all 100 rows mounted: first render', l['list-hand-all'].median, l['list-schema-all'].median, goal(r.listAllRatio)),
    row(
      `list, all 100 rows mounted: first render at ${SLOWDOWN}× CPU`,
      r.slow['list-hand-all'].median,
      r.slow['list-schema-all'].median,
      goal(r.listAllRatioSlow),
    ),
    row('form, 200 fields: first render', l['form-hand'].median, l['form-schema'].median, goal(r.formRatio)),
    row('list: of which scripts fetched and evaluated', l['list-hand'].loaded, l['list-schema'].loaded),
    row('form: of which scripts fetched and evaluated', l['form-hand'].loaded, l['form-schema'].loaded),
    row('list: first render from navigation start', l['list-hand'].sinceNavigation, l['list-schema'].sinceNavigation),
    row('form: first render from navigation start', l['form-hand'].sinceNavigation, l['form-schema'].sinceNavigation),
    '',
    `Typing into a 200-field form (issue 20): the same 200 fields in the same order, the same controls and rules, a character count under each text limit (the generated form shows one), in the same page width, ` +
      `four ways — hand-written antd \`Form\`; raw Formily, a JSON schema with createSchemaField over plain @formily/antd-v5 components ` +
      `(FormLayout, a one-column FormGrid, FormItem, Input, NumberPicker, Select), no product code; amis ${AMIS_VERSION}, render(schema, props, env) ` +
      `over a form of input-text / input-number / select (its theme cxd, horizontal labels); and the generated form. ` +
      `The keys go into the same field («字段 ${TYPED_FIELD.slice(1)}», checked by its label in each). Work is keydown → the input event handled, the framework's render of it included. ` +
      `amis keeps a typed value in its field's own model and writes it into the form's data 250 ms after the last key (a debounce in amis-core's wrapControl); ` +
      `the generated form's text boxes do the same after a pause of ${TYPING_PAUSE_MS} ms (renderer/form/deferredBox.tsx; the character count follows every key): ` +
      `with keys 40–89 ms apart neither's figures include the form's update or validation, which hand-written antd and raw Formily do on every key.`,
    '',
    '| measure | hand-written antd | raw Formily | amis | generated (renderer) | generated ÷ hand-written | goal |',
    '|---|---:|---:|---:|---:|---:|---|',
    formRow('first render', (p) => ms(l[p].median), l['form-schema'].median / l['form-hand'].median),
    formRow('first render ÷ hand-written', (p) => times(l[p].median / l['form-hand'].median)),
    formRow(
      'JavaScript fetched at first render, gzip',
      (p) => kb(r.fetched[p]),
      r.fetched['form-schema'] / r.fetched['form-hand'],
    ),
    formRow(
      `keystroke → paint p50 (keys: ${FORMS.map((p) => k[p].samples).join(' / ')})`,
      (p) => ms(k[p].paintP50),
      schema.paintP50 / k['form-hand'].paintP50,
    ),
    formRow(
      'keystroke → paint p95',
      (p) => ms(k[p].paintP95),
      schema.paintP95 / k['form-hand'].paintP95,
      `≤ best of raw Formily and amis (${ms(peerP95)}) ${schema.paintP95 <= peerP95 ? '✔' : '✘'}; ` +
        `≤ ${KEY_P95_GOAL_MS} ms ${schema.paintP95 <= KEY_P95_GOAL_MS ? '✔' : '✘'}` +
        // One input on an empty page is as fast as keys paint here at all.
        (r.floor.paintP95 > KEY_P95_GOAL_MS
          ? ` (below this machine's floor, ${ms(r.floor.paintP95)} p95 on an empty page: ${(schema.paintP95 / r.floor.paintP95).toFixed(2)} × the floor)`
          : ''),
    ),
    formRow('keydown → input event handled p50', (p) => ms(k[p].workP50), schema.workP50 / k['form-hand'].workP50),
    formRow('keydown → input event handled p95', (p) => ms(k[p].workP95), schema.workP95 / k['form-hand'].workP95),
    '',
    `Script sizes per screen (issue 20): gzip (level 9) of the JavaScript each page of the bench app loads, the entry module and the shell (React, antd's ConfigProvider and App) included. ` +
      `"Static imports" follows the vite manifest: the entry, the shell, the page module and their static imports. ` +
      `A page that loads chunks with import() as it renders (amis fetches each renderer so; the generated form is to load its component kinds so) fetches more than that: ` +
      `"fetched at first render" adds up every .js file the page requested until the paint of its first complete render (resource timing, on the last of its loads above); the goals use it. ` +
      `The generated list's form — what the list loads when a dialog opens (new, edit, view) — is a lazy chunk fetched only then, so neither figure of the list counts it. ` +
      `Stylesheets are not counted (amis's theme is a separate CSS file; antd's styles are made by its script).`,
    '',
    '| page | static imports | fetched at first render (files) | fetched ÷ hand-written | goal |',
    '|---|---:|---:|---:|---|',
    ...PAGES.map((p) => {
      const hand = HAND[p];
      const ratio = hand ? r.fetched[p] / r.fetched[hand] : NaN;
      const limit = p === 'form-schema' ? FORM_SCRIPT_GOAL : p === 'list-schema' ? LIST_SCRIPT_GOAL : undefined;
      return (
        `| ${PAGE_TITLES[p] ?? p} | ${kb(r.scripts[p])} | ${kb(r.fetched[p])} (${r.fetchedFiles[p]}) | ` +
        `${hand ? `${times(ratio)} ${PAGE_TITLES[hand] ?? hand}` : '—'} | ${limit ? `≤ ${limit} × ${ratio <= limit ? '✔' : '✘'}` : '—'} |`
      );
    }),
    '',
    `A document with ${200} lines (issue 14): the runtime's form over the document opened for editing — title, total and the lines as a sub-table ` +
      `(6 columns: dictionary, text, integer, two money, text; copy and remove), a page of 20 lines mounted, the document's own lines as plain text until one is clicked (renderer/form/LinesTable.tsx) — against the same 200 lines as a plain list page ` +
      `of the runtime (one page of 200, virtual body). First render as above.`,
    '',
    '| measure | 200-row plain list | document with 200 lines | ratio | goal |',
    '|---|---:|---:|---:|---|',
    `| first render | ${ms(l['lines-list'].median)} | ${ms(l['doc-lines'].median)} | ${times(r.linesRatio)} | ≤ ${LINES_RATIO_GOAL} × ${r.linesRatio <= LINES_RATIO_GOAL ? '✔' : '✘'} |`,
    `| JavaScript fetched at first render, gzip | ${kb(r.fetched['lines-list'])} | ${kb(r.fetched['doc-lines'])} | ${times(r.fetched['doc-lines'] / r.fetched['lines-list'])} | — |`,
    '',
    ...(r.warnings.length ? ['Warnings:', '', ...r.warnings.map((w) => `- ${w}`), ''] : []),
  ].join('\n');
}
