// A rule of the expression language as SQL over a row's own columns, where the rule is arithmetic
// of stored figures and comparisons with constants: what the cashier still owes on a claim (money
// less its write-off, a computed field) and whether its `pay` action applies (approvalStatus == '2')
// counted and paged by the database, not by reading every claim in flight (issue 37). Whatever the
// rule says beyond that (a function, another row's field) gives null: the caller reads rows instead.
import { sql, type RawBuilder } from 'kysely';
import { parse, type Node } from '../../validators/expression/parse.ts';
import type { EntityDef } from './model.ts';
import { stored } from './table.ts';

type Sql = RawBuilder<unknown>;
const NUMERIC = new Set(['money', 'number', 'integer']);
const ARITHMETIC = new Set(['+', '-', '*']);
const COMPARISON: Record<string, string> = { '==': '=', '!=': '<>' };

/** A figure of the row (a stored or computed number field) as SQL; null when SQL cannot say it. */
export function figureSql(entity: EntityDef, name: string, depth = 0): Sql | null {
  const f = entity.byName.get(name);
  if (!f || !NUMERIC.has(f.type) || depth > 8) return null;
  // number(empty) is 0 in the language.
  if (!f.compute) return stored(f) ? sql`coalesce(t.${sql.ref(f.column)}, 0)` : null;
  try {
    return figure(entity, parse(f.compute), depth + 1);
  } catch {
    return null;
  }
}

/** A condition of the row (`approvalStatus == '2' && kind != 'x'`) as SQL; null when SQL cannot say it. */
export function conditionSql(entity: EntityDef, rule: string): Sql | null {
  try {
    return condition(entity, parse(rule));
  } catch {
    return null;
  }
}

function figure(entity: EntityDef, n: Node, depth: number): Sql | null {
  switch (n.type) {
    case 'literal':
      return typeof n.value === 'number' && Number.isFinite(n.value) ? sql`${String(n.value)}::numeric` : null;
    case 'name':
      return figureSql(entity, n.name, depth);
    case 'call': {
      if (n.callee.type !== 'name' || n.callee.name !== 'number' || n.args.length !== 1) return null;
      return figure(entity, n.args[0]!, depth);
    }
    case 'unary': {
      const arg = n.op === '-' ? figure(entity, n.arg, depth) : null;
      return arg && sql`(- ${arg})`;
    }
    case 'binary': {
      if (!ARITHMETIC.has(n.op)) return null;
      const left = figure(entity, n.left, depth);
      const right = figure(entity, n.right, depth);
      return left && right && sql`(${left} ${sql.raw(n.op)} ${right})`;
    }
    default:
      return null;
  }
}

function condition(entity: EntityDef, n: Node): Sql | null {
  if (n.type === 'logical') {
    const left = condition(entity, n.left);
    const right = condition(entity, n.right);
    return left && right && sql`(${left} ${sql.raw(n.op === '&&' ? 'and' : 'or')} ${right})`;
  }
  if (n.type !== 'binary' || !COMPARISON[n.op]) return null;
  const [field, constant] = n.left.type === 'name' ? [n.left, n.right] : [n.right, n.left];
  if (field.type !== 'name' || constant.type !== 'literal') return null;
  const f = entity.byName.get(field.name);
  const value = constant.value;
  // The language compares '2' with 2 as equal; a column of text is compared as text.
  if (!stored(f) || (typeof value !== 'string' && typeof value !== 'number')) return null;
  if (typeof value === 'number' && !NUMERIC.has(f.type)) return null;
  const column = sql`t.${sql.ref(f.column)}`;
  const op = COMPARISON[n.op]!;
  // `==` never holds for an empty column, `!=` always does, as in the language.
  return op === '='
    ? sql`${column} = ${typeof value === 'number' ? value : String(value)}`
    : sql`${column} is distinct from ${typeof value === 'number' ? value : String(value)}`;
}
