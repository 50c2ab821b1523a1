// The product's linkage language: a small expression grammar, parsed into a tree and walked. No
// eval, no new Function, so pages run under a Content-Security-Policy without 'unsafe-eval'.
//
//   expr     := or ('?' expr ':' expr)?
//   or       := and ('||' and)*          and      := equality ('&&' equality)*
//   equality := compare (('=='|'!='|'==='|'!==') compare)*
//   compare  := sum (('<'|'<='|'>'|'>=') sum)*
//   sum      := product (('+'|'-') product)*      product := unary (('*'|'/'|'%') unary)*
//   unary    := ('!'|'-'|'+') unary | postfix
//   postfix  := primary ('.' name | '[' expr ']' | '(' args ')')*
//   primary  := number | 'string' | "string" | true | false | null | undefined | name | '(' expr ')' | '[' items ']'

export type Node =
  | { type: 'literal'; value: unknown; at?: number }
  | { type: 'name'; name: string; at?: number }
  | { type: 'member'; object: Node; property: Node }
  | { type: 'call'; callee: Node; args: Node[] }
  | { type: 'unary'; op: string; arg: Node }
  | { type: 'binary'; op: string; left: Node; right: Node }
  | { type: 'logical'; op: '&&' | '||'; left: Node; right: Node }
  | { type: 'conditional'; test: Node; then: Node; else: Node }
  | { type: 'array'; items: Node[] };

export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly source: string,
    readonly at: number,
  ) {
    super(`${message} at ${at} in "${source}"`);
    this.name = 'ExpressionError';
  }
}

type Token = { kind: 'num' | 'str' | 'name' | 'op' | 'end'; value: string; at: number };

const OPERATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '?',
  ':',
  '.',
  ',',
  '(',
  ')',
  '[',
  ']',
];

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i))!;
      tokens.push({ kind: 'num', value: m[0], at: i });
      i += m[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let out = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) {
          const e = src[j + 1]!;
          out += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
        } else out += src[j++];
      }
      if (j >= src.length) throw new ExpressionError('unterminated string', src, i);
      tokens.push({ kind: 'str', value: out, at: i });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$\u4e00-\u9fff]/.test(c)) {
      const m = /^[A-Za-z_$\u4e00-\u9fff][A-Za-z0-9_$\u4e00-\u9fff]*/.exec(src.slice(i))!;
      tokens.push({ kind: 'name', value: m[0], at: i });
      i += m[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) throw new ExpressionError(`unexpected "${c}"`, src, i);
    tokens.push({ kind: 'op', value: op, at: i });
    i += op.length;
  }
  tokens.push({ kind: 'end', value: '', at: src.length });
  return tokens;
}

const MAX_LENGTH = 2000;

export function parse(source: string): Node {
  if (source.length > MAX_LENGTH) throw new ExpressionError('expression too long', source.slice(0, 40), MAX_LENGTH);
  const tokens = tokenize(source);
  let pos = 0;
  const peek = () => tokens[pos]!;
  const next = () => tokens[pos++]!;
  const isOp = (...ops: string[]) => peek().kind === 'op' && ops.includes(peek().value);
  const expect = (op: string) => {
    const t = next();
    if (t.kind !== 'op' || t.value !== op) throw new ExpressionError(`expected "${op}"`, source, t.at);
  };

  const expr = (): Node => {
    const test = binaryLevel(0);
    if (isOp('?')) {
      next();
      const then = expr();
      expect(':');
      return { type: 'conditional', test, then, else: expr() };
    }
    return test;
  };

  const LEVELS = [['||'], ['&&'], ['==', '!=', '===', '!=='], ['<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']];
  const binaryLevel = (level: number): Node => {
    if (level === LEVELS.length) return unary();
    let left = binaryLevel(level + 1);
    while (isOp(...LEVELS[level]!)) {
      const op = next().value;
      const right = binaryLevel(level + 1);
      left = op === '&&' || op === '||' ? { type: 'logical', op, left, right } : { type: 'binary', op, left, right };
    }
    return left;
  };

  const unary = (): Node => {
    if (isOp('!', '-', '+')) {
      const op = next().value;
      return { type: 'unary', op, arg: unary() };
    }
    return postfix();
  };

  const postfix = (): Node => {
    let node = primary();
    for (;;) {
      if (isOp('.')) {
        next();
        const t = next();
        if (t.kind !== 'name') throw new ExpressionError('expected a name after "."', source, t.at);
        node = { type: 'member', object: node, property: { type: 'literal', value: t.value, at: t.at } };
      } else if (isOp('[')) {
        next();
        const property = expr();
        expect(']');
        node = { type: 'member', object: node, property };
      } else if (isOp('(')) {
        next();
        const args: Node[] = [];
        if (!isOp(')')) {
          do args.push(expr());
          while (isOp(',') && next());
        }
        expect(')');
        node = { type: 'call', callee: node, args };
      } else return node;
    }
  };

  const primary = (): Node => {
    const t = next();
    if (t.kind === 'num') return { type: 'literal', value: Number(t.value) };
    if (t.kind === 'str') return { type: 'literal', value: t.value };
    if (t.kind === 'name') {
      if (t.value === 'true') return { type: 'literal', value: true };
      if (t.value === 'false') return { type: 'literal', value: false };
      if (t.value === 'null') return { type: 'literal', value: null };
      if (t.value === 'undefined') return { type: 'literal', value: undefined };
      return { type: 'name', name: t.value, at: t.at };
    }
    if (t.kind === 'op' && t.value === '(') {
      const inner = expr();
      expect(')');
      return inner;
    }
    if (t.kind === 'op' && t.value === '[') {
      const items: Node[] = [];
      if (!isOp(']')) {
        do items.push(expr());
        while (isOp(',') && next());
      }
      expect(']');
      return { type: 'array', items };
    }
    throw new ExpressionError(t.kind === 'end' ? 'unexpected end' : `unexpected "${t.value}"`, source, t.at);
  };

  const tree = expr();
  if (peek().kind !== 'end') throw new ExpressionError(`unexpected "${peek().value}"`, source, peek().at);
  return tree;
}
