// What was approved against what was paid (issue 36): for a document its entity file declares
// `payable` (DOMAIN.md "payment": a claim, a loan, an employee-fee batch, a contract's instalment),
// the amount field's value at the last approving decision — read from the audit trail, the document
// rebuilt as it stood at that decision's record (./asof.ts) — against what paid payments paid of it
// (entities/payable.ts paidOf); and each line's amount, at the decision and now. Driven by the entity
// file's `payable.amount` and its `lines`, never by an entity's name.
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { moneyText, type Locale } from '../../../validators/locale.ts';
import { centsOf } from '../../../validators/formats.ts';
import type { ApprovedVsPaid } from '../../../validators/audit-history.ts';
import type { EntityDef } from '../../entities/model.ts';
import { paidOf } from '../../entities/payable.ts';
import { rebuild, wired } from './asof.ts';

type Row = Record<string, unknown>;

/** Cents as a decimal text ('-12.30'). */
export function centsText(c: bigint): string {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

const money = (v: unknown, locale: Locale) => (v === null || v === undefined || v === '' ? null : moneyText(String(v), locale));

export async function approvedVsPaid(
  s: Services,
  site: { id: number; key: string },
  entity: EntityDef,
  id: number,
  locale: Locale,
): Promise<ApprovedVsPaid | null> {
  const field = entity.payable ? entity.byName.get(entity.payable.amount) : undefined;
  if (!field) return null;
  const db = s.database.db as unknown as Kysely<any>;
  const { entities, texts } = s.schemas.forSite(site.key);
  const text = (key: string) => texts[key]?.[locale] ?? key;

  // The last approving decision and the trail record that wrote it.
  const decision = (
    await sql<{ id: number }>`select h.id from wf_history h join wf_instance i on i.id = h.instance_id
      where i.top_dept_id = ${site.id} and i.entity = ${entity.name} and i.business_key = ${id} and h.decision = 'approve'
      order by h.id desc limit 1`.execute(db)
  ).rows[0];
  let at: { seq: number; at: string } | null = null;
  if (decision) {
    for (const table of ['sys_audit', 'sys_audit_archive']) {
      const r = (
        await sql<{ seq: number; at: Date | string }>`select seq, at from ${sql.table(table)}
          where top_dept_id = ${site.id} and tbl = 'wf_history' and op = 'insert' and seq is not null
            and doc_ids && array[${Number(decision.id)}]::bigint[] order by seq desc limit 1`.execute(db)
      ).rows[0];
      if (r) {
        at = { seq: Number(r.seq), at: (r.at instanceof Date ? r.at : new Date(String(r.at))).toISOString() };
        break;
      }
    }
  }
  const then = at ? await rebuild(db, site.id, entities, entity, id, { seq: at.seq }) : null;
  const now = await rebuild(db, site.id, entities, entity, id, null);
  const [doc] = then?.row ? await wired(db, entities, entity, [then.row]) : [null];
  const approved = doc ? (doc[field.name] as string | null) : null;
  const paidCents = (await paidOf(db, entities, site.id, entity.name, [id])).get(id) ?? 0n;
  const approvedCents = approved !== null && approved !== undefined ? centsOf(String(approved)) : null;

  const lines: ApprovedVsPaid['lines'] = [];
  for (const [member, decl] of Object.entries(entity.lines ?? {})) {
    const def = entities.get(decl.entity);
    const amount = def?.byName.get(def.meetingAmount);
    if (!def || amount?.type !== 'money') continue;
    const display = def.display
      ? def.byName.get(def.display)
      : def.fields.find((f) => f.type === 'string' && !f.hidden && !f.standard);
    const before = then ? await wired(db, entities, def, then.lines[member] ?? []) : [];
    const after = await wired(db, entities, def, now.lines[member] ?? []);
    const ids = [...new Set([...before, ...after].map((r) => Number(r.id)))];
    const labelOf = (r: Row | undefined, i: number) => {
      const v = r && display ? (r[`${display.name}Label`] ?? r[display.name]) : null;
      return v === null || v === undefined || v === '' ? `#${i + 1}` : String(v);
    };
    lines.push({
      collection: text(decl.title),
      field: text(amount.title),
      rows: ids.map((lineId, i) => {
        const b = before.find((r) => Number(r.id) === lineId);
        const a = after.find((r) => Number(r.id) === lineId);
        return { label: labelOf(a ?? b, i), approved: money(b?.[amount.name], locale), now: money(a?.[amount.name], locale) };
      }),
    });
  }
  return {
    field: text(field.title),
    approvedSeq: at?.seq ?? null,
    approvedAt: at?.at ?? null,
    approved: money(approved, locale),
    paid: moneyText(centsText(paidCents), locale),
    difference:
      approvedCents !== null && approvedCents !== paidCents ? moneyText(centsText(approvedCents - paidCents), locale) : null,
    lines: lines.filter((l) => l.rows.length),
  };
}
