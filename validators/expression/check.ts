// Whether a condition will run: it parses, calls only the language's functions, and reads no
// prototype plumbing. The designer says so as the user types; the server refuses the model at
// deploy otherwise (a condition that parses can still be JavaScript in disguise: process.exit()).
import { FORBIDDEN, FUNCTIONS } from './evaluate.ts';
import { parse, type Node } from './parse.ts';

/** What a condition may do beyond the language's functions. */
export interface ConditionOptions {
  /** setting('key'): a site setting by its quoted name (workflow conditions: validators/expression/evaluate.ts). */
  settings?: boolean;
}

/**
 * What an expression may read where it is written: the names the runtime binds there (a list row's
 * fields, a form's `$deps`, a process's variables), each with the members it may read after a dot
 * (null: any member — `$deps[0]`, `$self.value`, a line's `doc`). Without `names` any name reads
 * (undefined when absent); the functions and their arity are always checked.
 */
export interface ExpressionScope extends ConditionOptions {
  names?: ReadonlyMap<string, ReadonlySet<string> | null>;
}

/** How many arguments each function takes: [least, most] (most Infinity: any number). */
export const ARITY: Record<string, readonly [number, number]> = {
  len: [1, 1],
  includes: [2, 2],
  number: [1, 1],
  string: [1, 1],
  isEmpty: [1, 1],
  abs: [1, 1],
  round: [1, 2],
  min: [1, Infinity],
  sum: [2, 3],
  max: [1, Infinity],
};

const arityText = ([least, most]: readonly [number, number]) =>
  least === most ? `${least} argument${least === 1 ? '' : 's'}` : most === Infinity ? `${least} or more arguments` : `${least} to ${most} arguments`;

const listed = (names: Iterable<string>) => {
  const all = [...names].sort();
  return all.length > 12 ? `${all.slice(0, 12).join(', ')}, …` : all.join(', ');
};

/** What in a parsed expression would not run or reads a name the scope does not bind, or null. */
function refusal(node: Node, scope: ExpressionScope, source: string): string | null {
  const refusalOf = (n: Node) => refusal(n, scope, source);
  const first = (nodes: Node[]) => nodes.map(refusalOf).find((r) => r !== null) ?? null;
  const where = (at: number | undefined) => (at === undefined ? '' : ` at ${at}`) + ` in "${source}"`;
  switch (node.type) {
    case 'literal':
      return null;
    case 'name':
      if (FORBIDDEN.has(node.name)) return `"${node.name}" cannot be read`;
      if (scope.names && !scope.names.has(node.name) && !Object.hasOwn(FUNCTIONS, node.name))
        return `unknown name "${node.name}"${where(node.at)} (known here: ${listed(scope.names.keys())})`;
      return null;
    case 'array':
      return first(node.items);
    case 'member': {
      if (node.property.type === 'literal' && FORBIDDEN.has(String(node.property.value)))
        return `"${String(node.property.value)}" cannot be read`;
      const inner = first([node.object, node.property]);
      if (inner) return inner;
      // `$values.amount`: a member of a name whose members are known must be one of them.
      if (node.object.type === 'name' && node.property.type === 'literal' && typeof node.property.value === 'string') {
        const members = scope.names?.get(node.object.name);
        if (members && !members.has(node.property.value))
          return `${node.object.name} has no member "${node.property.value}"${where(node.property.at ?? node.object.at)} (known: ${listed(members)})`;
      }
      return null;
    }
    case 'call': {
      const callee = node.callee.type === 'name' ? node.callee.name : null;
      if (callee === 'setting' && scope.settings)
        return node.args.length === 1 && node.args[0]!.type === 'literal' && typeof node.args[0]!.value === 'string'
          ? null
          : "setting() takes one quoted setting name: setting('approval.headThreshold')";
      if (callee === null || !Object.hasOwn(FUNCTIONS, callee)) {
        const named = callee === null ? 'a computed value cannot be called' : `unknown function "${callee}"${where(node.callee.type === 'name' ? node.callee.at : undefined)}`;
        return `${named}: only ${Object.keys(FUNCTIONS).join(', ')}${scope.settings ? ', setting' : ''} can be called`;
      }
      const arity = ARITY[callee];
      if (arity && (node.args.length < arity[0] || node.args.length > arity[1]))
        return `${callee}() takes ${arityText(arity)}, not ${node.args.length}${where(node.callee.type === 'name' ? node.callee.at : undefined)}`;
      return first(node.args);
    }
    case 'unary':
      return refusalOf(node.arg);
    case 'binary':
    case 'logical':
      return first([node.left, node.right]);
    case 'conditional':
      return first([node.test, node.then, node.else]);
  }
  return null;
}

/**
 * Why an expression would not run where it is written, or null (empty is no expression): a parse
 * error, an unknown function, a wrong number of arguments, a name or member the scope does not
 * bind — each with its position (0-based) in the text.
 */
export function expressionError(text: string, scope: ExpressionScope = {}): string | null {
  if (!text.trim()) return null;
  let tree: Node;
  try {
    tree = parse(text);
  } catch (err) {
    return (err as Error).message;
  }
  return refusal(tree, scope, text);
}

/** Why a condition would not run, or null (empty is no condition): any name may be read. */
export function conditionError(text: string, options: ConditionOptions = {}): string | null {
  return expressionError(text, { settings: options.settings });
}

/** A scope of names with any members (a row's fields), plus names whose members are known. */
export function scopeOf(
  names: Iterable<string>,
  members: Record<string, Iterable<string> | null> = {},
  options: ConditionOptions = {},
): ExpressionScope {
  const map = new Map<string, ReadonlySet<string> | null>();
  for (const n of names) map.set(n, null);
  for (const [n, m] of Object.entries(members)) map.set(n, m === null ? null : new Set(m));
  return { ...options, names: map };
}

/**
 * The expressions of a Formily value: each `{{ … }}` of a string (a reaction's fulfill state,
 * schema or run, an x-visible), with its text. Strings without braces are not expressions.
 */
export function templateExpressions(value: string): string[] {
  return [...value.matchAll(/\{\{([\s\S]*?)\}\}/g)].map((m) => m[1]!);
}

/** The settings a condition reads with setting('key'), by name (none when it does not parse). */
export function settingNames(text: string): string[] {
  const names = new Set<string>();
  const walk = (node: Node): void => {
    switch (node.type) {
      case 'call':
        if (node.callee.type === 'name' && node.callee.name === 'setting' && node.args[0]?.type === 'literal')
          names.add(String(node.args[0].value));
        node.args.forEach(walk);
        return walk(node.callee);
      case 'array':
        return node.items.forEach(walk);
      case 'member':
        walk(node.object);
        return walk(node.property);
      case 'unary':
        return walk(node.arg);
      case 'binary':
      case 'logical':
        walk(node.left);
        return walk(node.right);
      case 'conditional':
        walk(node.test);
        walk(node.then);
        return walk(node.else);
      default:
        return;
    }
  };
  try {
    if (text.trim()) walk(parse(text));
  } catch {
    // A condition that does not parse names nothing; conditionError says why.
  }
  return [...names];
}
