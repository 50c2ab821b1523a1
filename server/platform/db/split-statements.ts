// A migration file as statements: split at semicolons that end a line, outside $$-quoted bodies.
// Its own module (no Kysely) so schemas:check can read migrations without loading the driver.
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of text.split('\n')) {
    const stripped = line.replace(/--.*$/, '');
    if ((stripped.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    current += line + '\n';
    if (!inDollar && /;\s*$/.test(stripped)) {
      const stmt = current.trim();
      if (stmt.replace(/--.*$/gm, '').trim()) out.push(stmt.replace(/;\s*$/, ''));
      current = '';
    }
  }
  if (current.replace(/--.*$/gm, '').trim()) out.push(current.trim());
  return out;
}
