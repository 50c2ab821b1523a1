// A rule as SQL (issue 37): the cashier's list counts and pages what waits to be paid in the
// database only where every payable kind's amount and `when` can be said in SQL; a kind that
// cannot falls back to reading rows — silently slower, so this test names it.
import fs from 'node:fs';
import path from 'node:path';
import { PostgresDialect, Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { conditionSql, figureSql } from '../../server/entities/figure-sql.ts';
import { compileEntity, type EntityDef } from '../../server/entities/model.ts';
import { SCHEMAS_DIR } from '../../server/schemas/files.ts';

function entities(): EntityDef[] {
  const out: EntityDef[] = [];
  for (const dir of fs.readdirSync(SCHEMAS_DIR, { withFileTypes: true })) {
    if (!dir.isDirectory() || dir.name.startsWith('_') || dir.name === 'sites') continue;
    for (const file of fs.readdirSync(path.join(SCHEMAS_DIR, dir.name)).filter((f) => f.endsWith('.entity.json')))
      out.push(compileEntity(JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, dir.name, file), 'utf8')), null));
  }
  return out;
}

// Compiles without a connection: the SQL text and its parameters.
const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: {} as never }) });
const text = (raw: ReturnType<typeof sql>) => raw.compile(db);

describe('rules as SQL', () => {
  it('says every payable kind’s amount and paying condition in SQL', () => {
    const payable = entities().filter((e) => e.payable && e.states);
    expect(payable.map((e) => e.name).sort()).toEqual(expect.arrayContaining(['employeeFee', 'loan', 'reimburse']));
    for (const e of payable) {
      expect(figureSql(e, e.payable!.amount), `${e.name}.${e.payable!.amount}`).not.toBeNull();
      const when = e.states!.actions[e.payable!.action]?.when;
      if (when) expect(conditionSql(e, when), `${e.name}: ${when}`).not.toBeNull();
    }
  });

  it('turns a claim’s payable (money less its write-off) into the same arithmetic of its columns', () => {
    const claim = entities().find((e) => e.name === 'reimburse')!;
    const q = text(sql`${figureSql(claim, 'payable')!}`);
    expect(q.sql).toBe('(coalesce(t."money", 0) - coalesce(t."write_off", 0))');
    const when = text(sql`${conditionSql(claim, "approvalStatus == '2' && payState != '1'")!}`);
    expect(when.sql).toBe('(t."approval_status" = $1 and t."pay_state" is distinct from $2)');
    expect(when.parameters).toEqual(['2', '1']);
  });

  it('says nothing it cannot say exactly: a function, another row, a text field, a division', () => {
    const claim = entities().find((e) => e.name === 'reimburse')!;
    expect(conditionSql(claim, "startsWith(payee, '林')")).toBeNull();
    expect(conditionSql(claim, 'money > 100')).toBeNull();
    expect(conditionSql(claim, 'payee == 3')).toBeNull();
    expect(figureSql(claim, 'payee')).toBeNull();
    expect(figureSql(claim, 'nosuchfield')).toBeNull();
  });
});
