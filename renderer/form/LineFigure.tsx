// A line's figure from an endpoint (issue 34): a read-only cell of a sub-table whose value the
// server answers for the line's key and the head's fields — the stock of the line's product in the
// document's warehouse. Refreshed when either changes; the cell turns red, with a warning, while
// the line's `over` field (the quantity asked) exceeds the figure. The server still refuses what it
// must (a request beyond what is available, at submit); this only shows it while the line is typed.
//
//   "available": { "type": "void", "x-component": "LineFigure", "x-component-props": {
//     "api": "/consumable/available", "line": "productId", "param": "productIds",
//     "head": { "warehouseId": "warehouseId" }, "match": "productId", "value": "available", "over": "quantity" } }
//
// GET <api>?<param>=<line's key>&<head param>=<head field>… answers rows; the one whose `match`
// equals the line's key gives `value`. A line without its key or the head without its fields shows —.
import { observer, useField, useForm } from '@formily/react';
import { ArrayBase } from '@formily/antd-v5';
import { WarningOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useRenderer } from '../context.tsx';
import { thousands } from '../format.ts';
import { rt } from '../texts.ts';

export interface LineFigureProps {
  api: string;
  /** The line field the figure is for (the product); `key` would be React's own prop. */
  line?: string;
  param?: string;
  head?: Record<string, string>;
  match?: string;
  value?: string;
  over?: string;
}

type Row = Record<string, unknown>;

/** Answers kept a few seconds: lines of one product and a form redrawn ask once. */
const KEEP_MS = 5000;
const answers = new Map<string, { at: number; rows: Promise<Row[]> }>();

function figureRows(get: (url: string, params: Record<string, unknown>) => Promise<Row[]>, api: string, params: Record<string, unknown>) {
  const key = `${api}?${JSON.stringify(params)}`;
  const kept = answers.get(key);
  if (kept && Date.now() - kept.at < KEEP_MS) return kept.rows;
  const rows = get(api, params).catch(() => [] as Row[]);
  answers.set(key, { at: Date.now(), rows });
  return rows;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

export const LineFigure = observer(function LineFigure(props: Partial<LineFigureProps>) {
  const env = useRenderer();
  const form = useForm();
  const field = useField();
  const record = (ArrayBase.useRecord?.() ?? {}) as Row;
  const lineField = props.line ?? 'productId';
  const { api = '', param = lineField, head = {}, match = lineField, value = 'available', over } = props;
  const key = record?.[lineField];
  const headValues = Object.fromEntries(Object.entries(head).map(([p, f]) => [p, (form.values as Row)[f]]));
  const ready = !blank(key) && Object.values(headValues).every((v) => !blank(v));
  const signature = ready ? JSON.stringify([key, headValues]) : '';
  const [figure, setFigure] = useState<{ for: string; n: number | null }>({ for: '', n: null });

  useEffect(() => {
    if (!signature || !api) return;
    let live = true;
    figureRows(
      (url, params) => env.fetcher.get<Row[]>(url, params).then((a) => (a.code === '0' && Array.isArray(a.data) ? a.data : [])),
      api,
      { ...headValues, [param]: key },
    ).then((rows) => {
      if (!live) return;
      const row = rows.find((r) => String(r[match]) === String(key));
      const n = row && !blank(row[value]) ? Number(row[value]) : null;
      setFigure({ for: signature, n: Number.isFinite(n) ? n : null });
    });
    return () => {
      live = false;
    };
  }, [signature, api]);

  const n = figure.for === signature && signature ? figure.n : null;
  const asked = over ? Number(record?.[over]) : NaN;
  const beyond = n !== null && Number.isFinite(asked) && asked > n;
  const text = n === null ? '—' : thousands(n, undefined, env.language);
  return (
    <span
      className={beyond ? 'nk-line-figure nk-line-figure-over' : 'nk-line-figure'}
      data-testid="line-figure"
      data-field={field?.address?.toString()}
      data-over={beyond ? '1' : '0'}
    >
      {beyond ? (
        <Tooltip title={rt(env.language, 'lineOver', { figure: text })}>
          <span>
            <WarningOutlined /> {text}
            <span className="nk-line-figure-message">{rt(env.language, 'lineOver', { figure: text })}</span>
          </span>
        </Tooltip>
      ) : (
        text
      )}
    </span>
  );
});
