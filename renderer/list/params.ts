// What a list asks the server, and what it makes of a batch answer: pure, so unit tests can hold it.
import type { ListSchema, PublicEntity, Row } from '../types.ts';

/** The active tab's key: the one asked for when the list has it, else the first. */
export function activeTab(list: Pick<ListSchema, 'tabs'>, key: string | undefined): string | undefined {
  const tabs = list.tabs ?? [];
  return tabs.find((t) => t.key === key)?.key ?? tabs[0]?.key;
}

/**
 * Query values of page, list and export requests. The URL's fixed values and the query form come
 * first; the active tab's values and the list's `filter` (always sent: running instances are
 * ended=false) come last, so a query form field cannot undo them.
 */
export function listParams(
  list: Pick<ListSchema, 'filter' | 'tabs'>,
  state: {
    fixed?: Record<string, unknown>;
    query?: Record<string, unknown>;
    tab?: string;
    sort?: { field?: string; order?: 'asc' | 'desc' };
  },
  /** The entity's own order, what the server reads when no column is chosen (a dictionary's by its sort number, ascending). */
  entityOrder: 'asc' | 'desc' = 'desc',
): Record<string, unknown> {
  const tab = (list.tabs ?? []).find((t) => t.key === activeTab(list, state.tab));
  const sort = state.sort;
  return {
    ...state.fixed,
    ...state.query,
    ...tab?.query,
    ...list.filter,
    ...(sort?.field ? { sortField: sort.field } : {}),
    // Every request says its order, the first one too (spec section 9): the chosen column's, else
    // the entity's own (desc unless the entity says otherwise).
    sortOrder: (sort?.field && sort.order) || entityOrder,
  };
}

/**
 * The page URL's fixed values split in two: those of fields the query form shows start the query
 * (typed as the form holds them: ids and numbers as numbers), the rest stay fixed and unseen.
 */
export function urlFilters(
  list: Pick<ListSchema, 'query'>,
  entity: Pick<PublicEntity, 'fields'>,
  fixed: Record<string, string>,
): { hidden: Record<string, string>; shown: Record<string, unknown> } {
  const queried = new Set(list.query ?? []);
  const hidden: Record<string, string> = {};
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fixed)) {
    const field = entity.fields.find((f) => f.name === name);
    if (!field || !queried.has(name)) hidden[name] = value;
    else if (value === '') continue;
    else if (['ref', 'integer', 'number', 'money'].includes(field.type) && /^-?\d+(\.\d+)?$/.test(value))
      shown[name] = Number(value);
    else shown[name] = value;
  }
  return { hidden, shown };
}

export interface BatchSummary {
  done: number;
  failed: number;
  /** Each refused row: how the list names it, and the server's reason. */
  failures: Array<{ id: number; name: string; msg: string }>;
}

/**
 * A batch answer that reports row by row (`{results: [{id, ok, msg}], done, failed}`, as
 * /workflow/task/approveBatch does) as counts and the refusals; null for any other answer.
 * Rows are named by the list's first column, else the entity's display field, else '#id'.
 */
export function batchSummary(data: unknown, rows: Row[] = [], nameField?: string, display?: string): BatchSummary | null {
  if (!data || typeof data !== 'object' || !Array.isArray((data as { results?: unknown }).results)) return null;
  const answer = data as { results: Array<Record<string, unknown>>; done?: unknown; failed?: unknown };
  const results = answer.results.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object');
  const nameOf = (id: number) => {
    const row = rows.find((r) => r.id === id);
    for (const field of [nameField, display]) {
      const v = field && row ? row[field] : undefined;
      if (v !== undefined && v !== null && v !== '') return String(v);
    }
    return `#${id}`;
  };
  const failures = results
    .filter((r) => r.ok !== true)
    .map((r) => ({ id: Number(r.id), name: nameOf(Number(r.id)), msg: String(r.msg ?? '') }));
  return {
    done: typeof answer.done === 'number' ? answer.done : results.filter((r) => r.ok === true).length,
    failed: typeof answer.failed === 'number' ? answer.failed : failures.length,
    failures,
  };
}

/** Spec section 9: virtual rows only with at least 40 rows, a wheel step of 4 rows; a 560 px table. */
export const VIRTUAL_DEFAULTS = { from: 40, height: 560, step: 4 } as const;

/** How a page of rows is shown: virtually (the table's height, rows per wheel step) or all at once (null). */
/** Whether the list has a query form above its table (queried fields or a date range). */
export function hasQuery(list: Pick<ListSchema, 'query' | 'dateRange'>): boolean {
  return Boolean(list.query?.length || list.dateRange);
}

export function virtualRows(
  list: Pick<ListSchema, 'virtual'>,
  rows: number,
  pageSize: number,
): { height: number; step: number } | null {
  const { from, height, step } = { ...VIRTUAL_DEFAULTS, ...list.virtual };
  return Math.min(rows, pageSize) >= from ? { height, step } : null;
}
