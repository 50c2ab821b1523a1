// An example connector: the finance system (or a small bridge in front of it) answers over HTTPS
// with the same JSON the file adapter takes. Selected by a site with
//   integration.budgetSource = httpJson
//   integration.httpJson.url = https://finance.example.edu/api/nk     (a setting the site adds)
// It asks  GET <url>/indicators?year=<year>  → { "indicators": [...] }
//          GET <url>/departments             → { "departments": [...] }
// Everything the system answers is checked and applied by the core exactly as an upload is.
import { AppError, Code } from '../../../../platform/errors.ts';
import { readRecords } from '../file.ts';
import { DEPT_COLUMNS, INDICATOR_COLUMNS } from '../columns.ts';
import { registerBudgetSource } from '../registry.ts';
import type { BudgetSource, SourceContext, SourceDept, SourceIndicator } from '../types.ts';

export const HTTP_JSON_KEY = 'httpJson';
export const HTTP_JSON_URL = 'integration.httpJson.url';
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 5 * 1024 * 1024;

async function fetchJson(ctx: SourceContext, path: string): Promise<Record<string, unknown>> {
  const base = ctx.config.get(HTTP_JSON_URL)?.trim().replace(/\/+$/, '');
  const unavailable = (detail: string) => new AppError(Code.conflict, 'sources.unavailable', { key: HTTP_JSON_KEY, detail });
  if (!base || !/^https?:\/\//.test(base)) throw unavailable(`${HTTP_JSON_URL} ?`);
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
  } catch (err) {
    throw unavailable((err as Error).name === 'TimeoutError' ? 'timeout' : 'connection refused');
  }
  if (!response.ok) throw unavailable(`HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_BYTES) throw unavailable('answer too large');
  try {
    const body = JSON.parse(text);
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // falls through
  }
  throw unavailable('not JSON');
}

export const httpJsonSource: BudgetSource = {
  key: HTTP_JSON_KEY,
  async pullIndicators(_input, ctx) {
    const body = await fetchJson(ctx, `/indicators?year=${encodeURIComponent(ctx.year)}`);
    return readRecords<SourceIndicator>({ kind: 'json', body }, INDICATOR_COLUMNS, 'indicators', ctx.locale);
  },
  async departments(_input, ctx) {
    const body = await fetchJson(ctx, '/departments');
    return readRecords<SourceDept>({ kind: 'json', body }, DEPT_COLUMNS, 'departments', ctx.locale);
  },
};

registerBudgetSource(httpJsonSource);
