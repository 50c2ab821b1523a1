// Which adapter a site uses. Adapters register under a key; a site picks one per kind with its
// settings `integration.budgetSource` and `integration.projectSource` (default 'file'). A site
// plugs in a real connector by adding a module to ./connectors/ that calls registerBudgetSource /
// registerProjectSource, importing it from ./connectors/index.ts, and setting the key in its
// settings (docs/budget-sources.md).
import { AppError, Code } from '../../../platform/errors.ts';
import { fileBudgetSource, fileProjectSource } from './file.ts';
import type { BudgetSource, ProjectSource } from './types.ts';

export const BUDGET_SOURCE_KEY = 'integration.budgetSource';
export const PROJECT_SOURCE_KEY = 'integration.projectSource';
export const DEFAULT_SOURCE = 'file';

const KEY = /^[a-z][A-Za-z0-9_-]{0,31}$/;
const budgetSources = new Map<string, BudgetSource>();
const projectSources = new Map<string, ProjectSource>();

function checkKey(key: string) {
  if (!KEY.test(key)) throw new Error(`source key "${key}": a lower-case letter, then letters, digits, _ or -`);
}

/** Adds a budget source (a connector module calls this once when it is loaded). Returns its removal (tests). */
export function registerBudgetSource(source: BudgetSource): () => void {
  checkKey(source.key);
  if (budgetSources.has(source.key)) throw new Error(`budget source "${source.key}" is registered twice`);
  budgetSources.set(source.key, source);
  return () => budgetSources.delete(source.key);
}

export function registerProjectSource(source: ProjectSource): () => void {
  checkKey(source.key);
  if (projectSources.has(source.key)) throw new Error(`project source "${source.key}" is registered twice`);
  projectSources.set(source.key, source);
  return () => projectSources.delete(source.key);
}

registerBudgetSource(fileBudgetSource);
registerProjectSource(fileProjectSource);

/** The budget source a site's settings select; 40107 naming the setting when none has that key. */
export function budgetSourceOf(config: ReadonlyMap<string, string>): BudgetSource {
  const key = config.get(BUDGET_SOURCE_KEY)?.trim() || DEFAULT_SOURCE;
  const source = budgetSources.get(key);
  if (!source)
    throw new AppError(Code.notEnabled, 'sources.unknownAdapter', { key: key.slice(0, 40), setting: BUDGET_SOURCE_KEY });
  return source;
}

export function projectSourceOf(config: ReadonlyMap<string, string>): ProjectSource {
  const key = config.get(PROJECT_SOURCE_KEY)?.trim() || DEFAULT_SOURCE;
  const source = projectSources.get(key);
  if (!source)
    throw new AppError(Code.notEnabled, 'sources.unknownAdapter', { key: key.slice(0, 40), setting: PROJECT_SOURCE_KEY });
  return source;
}
