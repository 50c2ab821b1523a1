// Walking an expression tree against a scope. Names resolve to the scope's own members or to the
// few functions below; only those functions can be called; prototype plumbing cannot be reached.
import { parse, type Node } from './parse.ts';

export const FORBIDDEN = new Set([
  '__proto__',
  'prototype',
  'constructor',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);

const toNumber = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));

/** The functions an expression may call. */
export const FUNCTIONS: Record<string, (...args: unknown[]) => unknown> = {
  len: (v) => (typeof v === 'string' || Array.isArray(v) ? v.length : 0),
  includes: (list, v) => (Array.isArray(list) ? list.includes(v) : typeof list === 'string' ? list.includes(String(v)) : false),
  number: (v) => toNumber(v),
  // A figure made of a box that holds no number yet ('12x') is no figure: empty, never 'NaN'.
  string: (v) => (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v)) ? '' : String(v)),
  isEmpty: (v) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0),
  abs: (v) => Math.abs(toNumber(v)),
  round: (v, digits) => {
    const f = 10 ** toNumber(digits ?? 0);
    return Math.round(toNumber(v) * f) / f;
  },
  min: (...vs) => Math.min(...vs.map(toNumber)),
  /** Σ of one member over a list of rows (sub-table lines), to the cent; only positive or negative values when asked. */
  sum: (list, key, only) => {
    if (!Array.isArray(list)) return 0;
    const cents = list.reduce((total: number, row) => {
      const v = Math.round(toNumber((row as Record<string, unknown> | null)?.[String(key)]) * 100);
      if (!Number.isFinite(v) || (only === 'positive' && v < 0) || (only === 'negative' && v > 0)) return total;
      return total + v;
    }, 0);
    return cents / 100;
  },
  max: (...vs) => Math.max(...vs.map(toNumber)),
};
const CALLABLE = new Set<unknown>(Object.values(FUNCTIONS));

/**
 * The scope member holding the site settings a workflow condition reads by name:
 * `money >= setting('approval.headThreshold')` (server/modules/workflow/service.ts puts the settings
 * its process names there; a scope without it reads every setting as undefined).
 */
export const SETTINGS_SCOPE = '$settings';

/** setting('key'): the value the scope's settings hold under that name, or undefined. */
function settingOf(scope: Record<string, unknown>, key: unknown): unknown {
  const settings = scope?.[SETTINGS_SCOPE];
  if (!settings || typeof settings !== 'object' || typeof key !== 'string') return undefined;
  return Object.hasOwn(settings, key) ? (settings as Record<string, unknown>)[key] : undefined;
}

function member(object: unknown, key: unknown): unknown {
  if (object === null || object === undefined) return undefined;
  const k = typeof key === 'number' ? key : String(key);
  if (typeof k === 'string' && FORBIDDEN.has(k)) throw new Error(`"${k}" cannot be read in an expression`);
  if (typeof object !== 'object' && typeof object !== 'string') return undefined;
  return (object as Record<string | number, unknown>)[k];
}

function lookup(scope: Record<string, unknown>, name: string): unknown {
  if (FORBIDDEN.has(name)) throw new Error(`"${name}" cannot be read in an expression`);
  if (scope && name in scope) return scope[name];
  if (Object.prototype.hasOwnProperty.call(FUNCTIONS, name)) return FUNCTIONS[name];
  return undefined;
}

export function evaluate(node: Node, scope: Record<string, unknown>): unknown {
  switch (node.type) {
    case 'literal':
      return node.value;
    case 'name':
      return lookup(scope, node.name);
    case 'array':
      return node.items.map((i) => evaluate(i, scope));
    case 'member':
      return member(evaluate(node.object, scope), evaluate(node.property, scope));
    case 'call': {
      if (node.callee.type === 'name' && node.callee.name === 'setting' && !(scope && 'setting' in scope))
        return settingOf(scope, node.args[0] ? evaluate(node.args[0], scope) : undefined);
      const fn = evaluate(node.callee, scope);
      if (!CALLABLE.has(fn)) throw new Error('only the expression functions can be called');
      return (fn as (...a: unknown[]) => unknown)(...node.args.map((a) => evaluate(a, scope)));
    }
    case 'unary': {
      const v = evaluate(node.arg, scope);
      return node.op === '!' ? !v : node.op === '-' ? -toNumber(v) : toNumber(v);
    }
    case 'logical': {
      const left = evaluate(node.left, scope);
      if (node.op === '&&') return left ? evaluate(node.right, scope) : left;
      return left ? left : evaluate(node.right, scope);
    }
    case 'conditional':
      return evaluate(node.test, scope) ? evaluate(node.then, scope) : evaluate(node.else, scope);
    case 'binary': {
      const l = evaluate(node.left, scope);
      const r = evaluate(node.right, scope);
      switch (node.op) {
        // == and != compare loosely the way form values need ('1' == 1), without JavaScript's oddities.
        case '==':
          return looseEqual(l, r);
        case '!=':
          return !looseEqual(l, r);
        case '===':
          return l === r;
        case '!==':
          return l !== r;
        case '<':
          return compare(l, r) < 0;
        case '<=':
          return compare(l, r) <= 0;
        case '>':
          return compare(l, r) > 0;
        case '>=':
          return compare(l, r) >= 0;
        case '+':
          return typeof l === 'string' || typeof r === 'string' ? `${l ?? ''}${r ?? ''}` : toNumber(l) + toNumber(r);
        case '-':
          return toNumber(l) - toNumber(r);
        case '*':
          return toNumber(l) * toNumber(r);
        case '/':
          return toNumber(l) / toNumber(r);
        case '%':
          return toNumber(l) % toNumber(r);
      }
    }
  }
  throw new Error('unknown expression node');
}

function looseEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') return String(a) === String(b);
  return String(a) === String(b);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string' && Number.isNaN(Number(a))) return a < b ? -1 : a > b ? 1 : 0;
  return toNumber(a) - toNumber(b);
}

const cache = new Map<string, Node>();

/** Parse once per source text, then evaluate. */
export function run(source: string, scope: Record<string, unknown>): unknown {
  let tree = cache.get(source);
  if (!tree) {
    tree = parse(source);
    if (cache.size > 2000) cache.clear();
    cache.set(source, tree);
  }
  return evaluate(tree, scope);
}
