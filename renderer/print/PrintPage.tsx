// The print page kind (spec sections 2, 8, 9): one document on an A4 sheet with the padding
import './print.css';
// '1cm 1.5cm 1cm 3cm', field grid, money also in Chinese capitals, attachments, the approval
// history block and signature boxes — rendered with the schema version the document was saved
// under. Printing waits for the fonts: until then it refuses with '字体加载中...请稍后再试...'.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useRenderer } from '../context.tsx';
import { displayValue } from '../list/columns.tsx';
import { formatDate, thousands } from '../format.ts';
import { printedAmount } from './amountWords.ts';
import { columnWidths, DENSE_COLUMNS, isFigureColumn } from './lineColumns.ts';
import { rt, schemaText } from '../texts.ts';
import { dictTypesOf } from '../dicts.ts';
import QRCode from 'qrcode';
import { scanLink } from '../detail/DetailPage.tsx';
import type { DictEntry, EntityField, PublicEntity, Row } from '../types.ts';

/** The approval status of an approved document (DOMAIN.md approval status; server ApprovalStatus.approved). */
const APPROVED = '2';

export const PRINT_PADDING = '1cm 1.5cm 1cm 3cm';

interface PrintSection {
  type: 'fields' | 'amount' | 'files' | 'approvals' | 'signatures' | 'text' | 'table' | 'paste' | 'qr';
  /** qr: the page the code opens with ?code=<the field's value>. */
  path?: string;
  title?: string;
  /** fields: cells per row; table: the columns of the lines. */
  columns?: number | Array<{ key: string; title: string; filter?: 'money' | 'text'; blank?: true }>;
  fields?: string[];
  field?: string;
  labels?: string[];
  /** amount: 人民币 (zh-TW 人民幣) right before the capitals, as a payment voucher writes them. */
  currencyPrefix?: boolean;
}

interface BusinessHistory {
  history: Array<{ node: string; userName: string; decision: string; comment: string | null; time: string }>;
}

interface PrintBundle {
  entity: PublicEntity;
  /** `each`: a line collection; the sections print once per line (a payslip per payee). */
  print: {
    entity: string;
    title: string;
    /** landscape: the sheet is A4 turned on its side, on screen and on paper (a claim's allowance columns). */
    orientation?: 'portrait' | 'landscape';
    each?: string;
    labels?: { columns?: number };
    sections: PrintSection[];
  };
  version: string;
  texts: Record<string, Record<string, string>>;
}

export interface ApprovalStep {
  node: string;
  approver: string;
  decision: string;
  comment?: string;
  time: string;
}

/** Print when the fonts are in, else say so (a half-loaded font prints boxes). */
export function printWhenReady(say: (text: string) => void, text: string) {
  if (typeof document !== 'undefined' && document.fonts && document.fonts.status !== 'loaded') {
    say(text);
    return false;
  }
  window.print();
  return true;
}

export default function PrintPage({
  entity: entityName,
  id,
  template,
  approvals: given,
}: {
  entity: string;
  id: string;
  /** A further template of the entity (a paste sheet), instead of its print action's. */
  template?: string;
  approvals?: ApprovalStep[];
}) {
  const env = useRenderer();
  const language = env.language;
  const t = (k: Parameters<typeof rt>[1]) => rt(language, k);
  const [state, setState] = useState<{
    bundle?: PrintBundle;
    row?: Row;
    rows?: Row[];
    qr?: Record<string, string>;
    dicts?: Record<string, DictEntry[]>;
    steps?: ApprovalStep[];
    error?: string;
  }>({});

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const current = await env.fetcher.get<PrintBundle>(`schema/print/${entityName}`, template ? { template } : {});
      if (current.code !== '0') throw new Error(current.msg);
      // A sheet of labels prints several records (a list's batch print: 12,13,14).
      const ids = id
        .split(',')
        .filter((x) => /^\d+$/.test(x))
        .slice(0, 100);
      const answers = await Promise.all(ids.map((one) => env.fetcher.get<Row>(`${current.data.entity.api}/infoById/${one}`)));
      const refused = answers.find((a) => a.code !== '0');
      if (refused || !answers.length) throw new Error(refused?.msg ?? rt(language, 'recordMissing'));
      const rows = answers.map((a) => a.data);
      const row = rows[0]!;
      const codes = current.data.print.sections.filter((s) => s.type === 'qr' && s.field);
      const qr: Record<string, string> = {};
      for (const r of rows)
        for (const s of codes)
          qr[`${r.id}:${s.field}`] = await QRCode.toString(scanLink(window.location.origin, s.path ?? '', r[s.field!]), {
            type: 'svg',
            margin: 0,
            errorCorrectionLevel: 'M',
          });
      let bundle = current.data;
      // What was approved is what prints: an approved document with the files it was approved under;
      // a draft or a document still in approval with the current ones (docs/schemas.md, "Which layout a document prints with").
      const approved = row.approvalStatus === APPROVED;
      if (!template && approved && typeof row.schemaVersion === 'string' && row.schemaVersion !== bundle.version) {
        const then = await env.fetcher.get<PrintBundle>(`schema/print/${entityName}`, { version: row.schemaVersion });
        if (then.code === '0') bundle = then.data;
      }
      const types = dictTypesOf(bundle.entity);
      const wantsApprovals = !given && bundle.print.sections.some((s) => s.type === 'approvals');
      const wanted = [...types, ...(wantsApprovals ? ['wf_decision'] : [])];
      const dicts = wanted.length ? await env.dicts(wanted) : {};
      // The approval history block: every step of the document's approvals, oldest first.
      let steps: ApprovalStep[] = [];
      if (wantsApprovals) {
        const business = await env.fetcher.get<BusinessHistory>('workflow/instance/business', { entity: entityName, id });
        const words = new Map((dicts.wf_decision ?? []).map((d) => [d.dictValue, d.dictLabel]));
        if (business.code === '0')
          steps = business.data.history.map((h) => ({
            node: h.node,
            approver: h.userName,
            decision: words.get(h.decision) ?? h.decision,
            comment: h.comment ?? undefined,
            time: formatDate(h.time),
          }));
      }
      if (!cancelled) setState({ bundle, row, rows, qr, dicts, steps });
    })().catch((err) => !cancelled && setState({ error: env.errorText(err) }));
    return () => {
      cancelled = true;
    };
  }, [entityName, id, template, language]);

  if (state.error) return <Result status="warning" title={state.error} />;
  if (!state.bundle || !state.row) return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  const { bundle, row, rows = [row], qr = {}, dicts = {} } = state;
  const approvals = given ?? state.steps ?? [];
  const docFields = new Map(bundle.entity.fields.map((f) => [f.name, f]));
  const label = (f: EntityField | undefined, fallback: string) => (f ? schemaText(bundle.texts, f.title, language) : fallback);

  /** The sections over one row: the document, or (a slip per line) a line over its document. */
  const section =
    (row: Row, fields: Map<string, EntityField>) =>
    (s: PrintSection, i: number): ReactNode => {
      const value = (name: string): ReactNode => displayValue(fields.get(name), {}, row, dicts, language, true);
      const heading = s.title ? <h3 className="print-section-title">{schemaText(bundle.texts, s.title, language)}</h3> : null;
      switch (s.type) {
        case 'table': {
          // Lines of a document (its line collection, or a json field of lines as an adjustment has): one row each.
          const lines = Array.isArray(row[s.field ?? '']) ? (row[s.field ?? ''] as Row[]) : [];
          // A document's line collection it has none of (a claim without allowances) is not printed.
          if (!lines.length && bundle.entity.lines?.[s.field ?? '']) return null;
          const cols = Array.isArray(s.columns) ? s.columns : [];
          // A document's lines (the lines feature) show their values as their entity's fields do.
          const lineFields = new Map((bundle.entity.lines?.[s.field ?? '']?.entity.fields ?? []).map((f) => [f.name, f]));
          const cell = (line: Row, c: { key: string; filter?: string; blank?: true }): ReactNode =>
            c.blank
              ? ''
              : c.filter === 'money'
                ? thousands(line[c.key], 2, language)
                : lineFields.has(c.key)
                  ? displayValue(lineFields.get(c.key), {}, line, dicts, language, true)
                  : String(line[c.key] ?? '');
          // A figure never breaks inside itself: its cells do not wrap and each column's share of the
          // width follows what it holds — its longest figure, its heading's longest word (issue 34).
          const texts = lines.map((line) => cols.map((c) => cell(line, c)));
          const figure = cols.map((c) => !c.blank && isFigureColumn(c.filter, lineFields.get(c.key)?.type));
          const dense = cols.length > DENSE_COLUMNS;
          const figureRight = (k: number) => figure[k]! && !String(lineFields.get(cols[k]!.key)?.type).startsWith('date');
          const widths = columnWidths(
            cols.map((c, k) => ({
              heading: schemaText(bundle.texts, c.title, language),
              texts: texts.map((r) => (typeof r[k] === 'string' ? (r[k] as string) : '')),
              figure: figure[k]!,
            })),
          );
          return (
            <div key={i} data-testid={`print-table-${s.field}`}>
              {heading}
              <table className={`print-grid print-lines${dense ? ' print-lines-dense' : ''}`}>
                <colgroup>
                  {cols.map((c, k) => (
                    <col key={c.key} style={{ width: widths[k] }} />
                  ))}
                </colgroup>
                <thead>
                  <tr>
                    {cols.map((c, k) => (
                      // A figure column's heading stands over its figures, on the right.
                      <th key={c.key} style={figureRight(k) ? { textAlign: 'right' } : undefined}>
                        {schemaText(bundle.texts, c.title, language)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {lines.map((_, k) => (
                    <tr key={k}>
                      {cols.map((c, j) => (
                        <td
                          key={c.key}
                          className={figure[j] ? 'print-figure' : undefined}
                          style={figureRight(j) ? { textAlign: 'right' } : undefined}
                        >
                          {texts[k]![j]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        }
        case 'fields': {
          const cols = Math.min(4, Math.max(1, typeof s.columns === 'number' ? s.columns : 2));
          const names = s.fields ?? [];
          const rows: string[][] = [];
          for (let k = 0; k < names.length; k += cols) rows.push(names.slice(k, k + cols));
          return (
            <div key={i}>
              {heading}
              <table className="print-grid">
                <tbody>
                  {rows.map((r, ri) => (
                    <tr key={ri}>
                      {r.map((n) => (
                        <FieldCells key={n} title={label(fields.get(n), n)} value={value(n)} />
                      ))}
                      {r.length < cols && <td colSpan={(cols - r.length) * 2} />}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        }
        case 'amount': {
          const f = s.field ? fields.get(s.field) : undefined;
          const raw = s.field ? row[s.field] : null;
          const { currency, words } = printedAmount(raw, language, s.currencyPrefix);
          return (
            <table key={i} className="print-grid">
              <tbody>
                <tr>
                  <FieldCells title={label(f, s.field ?? '')} value={<span className="print-figure">{`¥ ${thousands(raw, 2, language)}`}</span>} />
                  <FieldCells
                    title={t('amountInWords')}
                    value={
                      // No space between the currency and the capitals (支付结算办法 附一 第三条).
                      <>
                        {currency && <span data-testid="amount-currency">{currency}</span>}
                        <span data-testid="amount-in-words">{words}</span>
                      </>
                    }
                  />
                </tr>
              </tbody>
            </table>
          );
        }
        case 'text':
          return (
            <div key={i}>
              {heading ?? <h3 className="print-section-title">{label(fields.get(s.field ?? ''), s.field ?? '')}</h3>}
              <div className="print-text">{s.field ? String(row[s.field] ?? '') : ''}</div>
            </div>
          );
        case 'files': {
          const raw = ((row.extend ?? {}) as Record<string, unknown>)[s.field ?? ''];
          let names: string[] = [];
          try {
            names =
              typeof raw === 'string' && raw
                ? (JSON.parse(raw) as Array<{ name?: string; fileName?: string }>).map((f) => f.name ?? f.fileName ?? '')
                : [];
          } catch {
            names = [];
          }
          return (
            <div key={i}>
              {heading}
              <div className="print-text">{names.length ? names.join('；') : '—'}</div>
            </div>
          );
        }
        case 'approvals':
          return (
            <div key={i} data-testid="print-approvals">
              <h3 className="print-section-title">{s.title ? schemaText(bundle.texts, s.title, language) : t('approvals')}</h3>
              <table className="print-grid print-approvals">
                <thead>
                  <tr>
                    <th>{t('node')}</th>
                    <th>{t('approver')}</th>
                    <th>{t('decision')}</th>
                    <th>{t('comment')}</th>
                    <th>{t('time')}</th>
                  </tr>
                </thead>
                <tbody>
                  {approvals.length ? (
                    approvals.map((a, k) => (
                      <tr key={k}>
                        <td>{a.node}</td>
                        <td>{a.approver}</td>
                        <td>{a.decision}</td>
                        <td>{a.comment ?? ''}</td>
                        <td>{a.time}</td>
                      </tr>
                    ))
                  ) : (
                    <tr>
                      <td colSpan={5} style={{ textAlign: 'center' }}>
                        {t('noApprovals')}
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          );
        case 'qr':
          return (
            <div
              key={i}
              className="print-qr"
              data-testid="print-qr"
              dangerouslySetInnerHTML={{ __html: qr[`${row.id}:${s.field}`] ?? '' }}
            />
          );
        case 'paste':
          // Where the paper invoices go: a ruled, empty area (报销单粘贴单).
          return (
            <div key={i} className="print-paste" data-testid="print-paste">
              <span>{s.title ? schemaText(bundle.texts, s.title, language) : t('pasteHere')}</span>
            </div>
          );
        case 'signatures':
          return (
            <div key={i} className="print-signatures">
              {(s.labels ?? []).map((l) => (
                <div key={l} className="print-signature">
                  <span>
                    {schemaText(bundle.texts, l, language)}
                    {t('colon')}
                  </span>
                  <span className="print-signature-line" />
                  <span>
                    {t('date')}
                    {t('colon')}
                  </span>
                  <span className="print-signature-date" />
                </div>
              ))}
            </div>
          );
      }
    };

  // A slip per line sees the line's fields over the document's.
  const eachDecl = bundle.print.each ? bundle.entity.lines?.[bundle.print.each] : undefined;
  const each = eachDecl && {
    lines: Array.isArray(row[bundle.print.each!]) ? (row[bundle.print.each!] as Row[]) : [],
    fields: new Map([...docFields, ...eachDecl.entity.fields.map((f): [string, EntityField] => [f.name, f])]),
  };

  // The print file's orientation: the sheet's size on screen and its named @page on paper (print.css).
  const orientation = bundle.print.orientation === 'landscape' ? 'landscape' : 'portrait';
  const turned = orientation === 'landscape' ? ' print-landscape' : '';
  return (
    <div className="print-page">
      <div className={`print-toolbar${turned}`}>
        <Button onClick={() => window.history.back()}>{t('back')}</Button>
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          onClick={() => printWhenReady((text) => env.message.warning(text), t('fontsLoading'))}
          data-testid="print-button"
        >
          {t('print')}
        </Button>
      </div>
      <div
        className={`print-sheet${turned}`}
        lang={language}
        style={{ padding: PRINT_PADDING }}
        data-testid="print-sheet"
        data-orientation={orientation}
      >
        {bundle.print.labels ? (
          // A sheet of labels: each record's sections in a cell, so many to a row, cut along the lines.
          <div
            className="print-labels"
            style={{ gridTemplateColumns: `repeat(${bundle.print.labels.columns ?? 3}, 1fr)` }}
            data-testid="print-labels"
          >
            {rows.map((r) => (
              <div key={r.id} className="print-label" data-testid="print-label">
                {bundle.print.sections.map(section(r, docFields))}
              </div>
            ))}
          </div>
        ) : each ? (
          // A slip per line, as many to a sheet as fit, each with the title and a line to cut along.
          each.lines.map((line, k) => (
            <div key={k} className="print-slip" data-testid="print-slip">
              <h1 className="print-title">{schemaText(bundle.texts, bundle.print.title, language)}</h1>
              {bundle.print.sections.map(section({ ...row, ...line }, each.fields))}
            </div>
          ))
        ) : (
          <>
            <h1 className="print-title">{schemaText(bundle.texts, bundle.print.title, language)}</h1>
            {bundle.print.sections.map(section(row, docFields))}
          </>
        )}
      </div>
    </div>
  );
}

function FieldCells({ title, value }: { title: ReactNode; value: ReactNode }) {
  return (
    <>
      <th>{title}</th>
      <td>{value}</td>
    </>
  );
}
