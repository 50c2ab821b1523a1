// The home page's budget figures (server/modules/budget/statistics.ts): one request per endpoint
// however many blocks show it at once, asked again when a list changes something (`schema:changed`),
// the language changes (expense type labels) or the home page is opened again later. The year is the
// request's `year` header; changing it reloads the page.
import { useEffect, useState } from 'react';
import { get } from '../../../api/request.ts';

export interface Totals {
  adjusted: string;
  original: string;
  frozen: string;
  adjustFrozen: string;
  used: string;
  paid: string;
  available: string;
  executionRate: number;
  paymentRate: number;
  utilisationRate: number;
}

export interface Statistics extends Totals {
  year: string;
  timeProgress: number;
  count: number;
  byExpenseType: Array<{
    expenseType: string;
    label: string;
    count: number;
    original: string;
    adjusted: string;
    used: string;
    executionRate: number;
  }>;
}

export interface Progress {
  year: string;
  adjusted: string;
  timeProgress: number;
  months: Array<{
    month: number;
    used: string;
    paid: string;
    cumulativeUsed: string;
    cumulativePaid: string;
    executionRate: number;
    timeProgress: number;
    elapsed: boolean;
  }>;
}

export type DeptProgress = Array<Totals & { deptId: number | null; deptName: string; count: number }>;

interface Endpoints {
  statistics: Statistics;
  progre: Progress;
  progreOfDept: DeptProgress;
}
export type Endpoint = keyof Endpoints;

/** Blocks mounting together share an answer; a later visit asks again. */
const SHARED_MS = 10_000;
const cache = new Map<string, { at: number; answer: Promise<unknown> }>();
const listeners = new Set<() => void>();

/** Forget every answer; the blocks showing them ask again. */
export function refreshBudget() {
  cache.clear();
  listeners.forEach((l) => l());
}

function load<E extends Endpoint>(endpoint: E, language: string): Promise<Endpoints[E]> {
  const key = `${endpoint}:${language}`;
  const kept = cache.get(key);
  if (kept && Date.now() - kept.at < SHARED_MS) return kept.answer as Promise<Endpoints[E]>;
  const answer = get<Endpoints[E]>(`neikong/budget/${endpoint}`);
  const entry = { at: Date.now(), answer };
  cache.set(key, entry);
  // A failure is not kept: the next block or refresh asks again.
  answer.catch(() => cache.get(key) === entry && cache.delete(key));
  return answer;
}

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  retry: () => void;
}

export function useBudget<E extends Endpoint>(endpoint: E, language: string): Loaded<Endpoints[E]> {
  const [state, setState] = useState<{ data: Endpoints[E] | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const bump = () => setGeneration((g) => g + 1);
    listeners.add(bump);
    return () => {
      listeners.delete(bump);
    };
  }, []);

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load(endpoint, language).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error) => live && setState((s) => ({ data: s.data, error, loading: false })),
    );
    return () => {
      live = false;
    };
  }, [endpoint, language, generation]);

  return { ...state, retry: refreshBudget };
}

// One listener for the whole page: a change anywhere asks every block again.
if (typeof window !== 'undefined') window.addEventListener('schema:changed', () => refreshBudget());
