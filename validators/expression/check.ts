// Whether a condition will run: it parses, calls only the language's functions, and reads no
// prototype plumbing. The designer says so as the user types; the server refuses the model at
// deploy otherwise (a condition that parses can still be JavaScript in disguise: process.exit()).
import { FORBIDDEN, FUNCTIONS } from './evaluate.ts';
import { parse, type Node } from './parse.ts';

/** What in a parsed condition would not run, or null. */
function refusal(node: Node): string | null {
  const first = (nodes: Node[]) => nodes.map(refusal).find((r) => r !== null) ?? null;
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
      if (node.callee.type !== 'name' || !Object.hasOwn(FUNCTIONS, node.callee.name))
        return `only ${Object.keys(FUNCTIONS).join(', ')} can be called`;
      return first(node.args);
    case 'unary':
      return refusal(node.arg);
    case 'binary':
    case 'logical':
      return first([node.left, node.right]);
    case 'conditional':
      return first([node.test, node.then, node.else]);
  }
  return null;
}

/** Why a condition would not run, or null (empty is no condition). */
export function conditionError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    return refusal(parse(text));
  } catch (err) {
    return (err as Error).message;
  }
}
