// JSON text read with its fault placed: a schema file that does not parse names its line and
// column (1-based), never only a character offset (issue 35).

/** Line and column (1-based) of a character offset of the text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** Why the text is not JSON, as `<reason> at line L column C`, or null when it parses. */
export function jsonFault(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (e) {
    const message = (e as Error).message;
    if (/line \d+ column \d+/.test(message)) return message.replace(/^JSON\.parse: /, '');
    const position = /at position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : snippetOffset(text, message);
    const { line, column } = lineColumn(text, offset);
    const reason = message
      .replace(/\s*in JSON at position \d+.*$/, '')
      .replace(/, (\.\.\.)?"[\s\S]*"(\.\.\.)? is not valid JSON$/, '')
      .replace(/\s*\(line \d+ column \d+\)$/, '');
    return `${reason} at line ${line} column ${column}`;
  }
}

/**
 * Where an `Unexpected token 'x', ..."<ten before, ten after>"... is not valid JSON` fault lies
 * (V8 quotes the text around it instead of a position), or the end of the text.
 */
function snippetOffset(text: string, message: string): number {
  const m = /^Unexpected token '([\s\S])', (\.\.\.)?"([\s\S]*)"(\.\.\.)? is not valid JSON$/.exec(message);
  if (!m) return text.length;
  const [, token, before, context, after] = m as unknown as [string, string, string | undefined, string, string | undefined];
  const start = before ? text.indexOf(context) : 0;
  if (start < 0) return text.length;
  const within = before ? 10 : after ? context.length - 10 : context.indexOf(token);
  return start + Math.max(0, within);
}

/** JSON.parse, with a fault that names line and column. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SyntaxError(jsonFault(text) ?? 'not JSON');
  }
}
