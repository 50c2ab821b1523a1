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

/** What in a parsed condition would not run, or null. */
function refusal(node: Node, options: ConditionOptions): string | null {
  const refusalOf = (n: Node) => refusal(n, options);
  const first = (nodes: Node[]) => nodes.map(refusalOf).find((r) => r !== null) ?? null;
  switch (node.type) {
    case 'literal':
      return null;
    case 'name':
      return FORBIDDEN.has(node.name) ? `"${node.name}" cannot be read` : null;
    case 'array':
      return first(node.items);
    case 'member':
      if (node.property.type === 'literal' && FORBIDDEN.has(String(node.property.value)))
        return `"${String(node.property.value)}" cannot be read`;
      return first([node.object, node.property]);
    case 'call':
      if (options.settings && node.callee.type === 'name' && node.callee.name === 'setting')
        return node.args.length === 1 && node.args[0]!.type === 'literal' && typeof node.args[0]!.value === 'string'
          ? null
          : "setting() takes one quoted setting name: setting('approval.headThreshold')";
      if (node.callee.type !== 'name' || !Object.hasOwn(FUNCTIONS, node.callee.name))
        return `only ${Object.keys(FUNCTIONS).join(', ')} can be called`;
      return first(node.args);
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

/** Why a condition would not run, or null (empty is no condition). */
export function conditionError(text: string, options: ConditionOptions = {}): string | null {
  if (!text.trim()) return null;
  try {
    return refusal(parse(text), options);
  } catch (err) {
    return (err as Error).message;
  }
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
