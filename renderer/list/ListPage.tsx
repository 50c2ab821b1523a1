// A list page from its schema (spec sections 4, 8, 9): query form, table with the display filters,
// server paging (10/20/30/40, from 1) and sort (default desc), a step back when a page comes back
// empty, virtual rows from 40, toolbar / row / batch actions gated by permission keys, export with
// progress, import with a report, and the server's msg when a load is refused. A list may always
// send some query values (`filter`) and have tabs that add their own (`tabs`: my tasks to do / done).
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Dropdown, Popconfirm, Space, Table, Tabs, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { CONFIRM_CODE, useRenderer } from '../context.tsx';
import { run } from '../../validators/expression/evaluate.ts';
import { rt, schemaText, type RendererTextKey } from '../texts.ts';
import { showOneTimePasswords } from '../oneTimePasswords.tsx';
import type { ActionSchema, ColumnSchema, DictEntry, PageBundle, Row } from '../types.ts';
import type { DialogMode } from '../form/useSchemaForm.ts';
import { buildColumns } from './columns.tsx';
import { openFile } from '../fileLink.ts';
import { dictTypesOf } from '../dicts.ts';
import { activeTab, batchSummary, hasQuery, listParams, urlFilters, virtualRows, type BatchSummary } from './params.ts';
import { useWheelStep } from './wheelStep.ts';
import { usePhone } from '../phone.ts';
import PhoneCards, { type PhoneColumn } from './PhoneCards.tsx';
// The dialogs bring Formily; a list loads them when one first opens.
const FormDialog = lazy(() => import('../form/FormDialog.tsx'));
const ImportDialog = lazy(() => import('./ImportDialog.tsx'));
const ScanDialog = lazy(() => import('./ScanDialog.tsx'));
// So does the query form (date pickers, number boxes), loaded beside the first page of rows.
const QueryForm = lazy(() => import('./QueryForm.tsx'));
import type { QueryValues } from './QueryForm.tsx';

export const PAGE_SIZES = ['10', '20', '30', '40'];

const DEFAULT_ACTION_KEY: Record<string, string> = {
  add: 'add',
  edit: 'edit',
  view: 'query',
  remove: 'remove',
  export: 'export',
  import: 'import',
  status: 'status',
  print: 'query',
  download: 'query',
  preview: 'query',
};

/** A URL query value; 'formData.type' is the member type of the JSON in parameter formData (spec section 2). */
export function urlValue(urlQuery: Record<string, string>, param: string): string {
  const dot = param.indexOf('.');
  if (dot < 0) return urlQuery[param] ?? '';
  try {
    const json = JSON.parse(urlQuery[param.slice(0, dot)] ?? '') as Record<string, unknown>;
    const v = json?.[param.slice(dot + 1)];
    return v === undefined || v === null ? '' : String(v);
  } catch {
    return '';
  }
}

/** Starting values that name row fields as '{field}' take the row's value (a child's parent id). */
export function fillValues(values: Record<string, unknown>, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => {
      const m = typeof v === 'string' ? /^\{(\w+)\}$/.exec(v) : null;
      return [k, m ? (row[m[1]!] ?? null) : v];
    }),
  );
}

/** Rows with a parent field as a tree for the table (children under their parent; orphans at the top). */
export function nestRows(rows: Row[], parentField: string): Row[] {
  const byId = new Map(rows.map((r) => [r.id, { ...r } as Row & { children?: Row[] }]));
  const roots: Row[] = [];
  for (const r of byId.values()) {
    const parent = byId.get(Number(r[parentField]));
    if (parent && parent !== r) (parent.children ??= []).push(r);
    else roots.push(r);
  }
  return roots;
}

/** Ids of the rows of a tree that have children. */
function parentsIn(rows: Array<Row & { children?: Row[] }>, out: number[] = []): number[] {
  for (const r of rows) {
    if (r.children?.length) {
      out.push(r.id);
      parentsIn(r.children, out);
    }
  }
  return out;
}

/** '/system/dictData?dictType={dictType}' with the row's values, URL-encoded. */
export function fill(template: string, row: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(row[k] ?? '')));
}

/**
 * A row's link that asks first in a popover beside it (antd's Popconfirm: remove). The popover is
 * mounted on the first click, so a page of rows holds plain links, not a popover's machinery each:
 * 100 rows with edit and remove mount in about three quarters of the time a Popconfirm a row took.
 */
function ConfirmLink({
  title,
  okText,
  cancelText,
  onConfirm,
  danger,
  testId,
  children,
}: {
  title: string;
  okText: string;
  cancelText: string;
  onConfirm: () => void;
  danger?: boolean;
  testId: string;
  children: string;
}) {
  const [open, setOpen] = useState<boolean>();
  const link = (onClick?: () => void) => (
    <Typography.Link type={danger ? 'danger' : undefined} data-testid={testId} onClick={onClick}>
      {children}
    </Typography.Link>
  );
  if (open === undefined) return link(() => setOpen(true));
  return (
    <Popconfirm open={open} onOpenChange={setOpen} title={title} okText={okText} cancelText={cancelText} onConfirm={onConfirm}>
      {link()}
    </Popconfirm>
  );
}

export default function ListPage({ bundle, urlQuery }: { bundle: PageBundle; urlQuery: Record<string, string> }) {
  const env = useRenderer();
  const { list, entity } = bundle;
  const language = env.language;
  const t = (k: RendererTextKey, p?: Record<string, string | number>) => rt(language, k, p);

  // Only the URL parameters this page takes count: another page's query must not reload it.
  const fixedKey = JSON.stringify(
    Object.entries(list.fixedQuery ?? {}).map(([field, param]) => [field, urlValue(urlQuery, param)]),
  );
  const fixed = useMemo(() => Object.fromEntries(JSON.parse(fixedKey) as Array<[string, string]>), [fixedKey]);
  // A URL value for a field the query form shows starts the query instead of staying hidden under
  // it: the user sees what the list is filtered by, and may change or reset it (the journal opened
  // from an indicator names that indicator). Values of other fields stay fixed.
  const { hidden, shown } = useMemo(() => urlFilters(list, entity, fixed), [list, entity, fixed]);
  const [query, setQuery] = useState<QueryValues>(shown);
  const [queryFrom, setQueryFrom] = useState(fixedKey);
  if (queryFrom !== fixedKey) {
    setQueryFrom(fixedKey);
    setQuery(shown);
  }
  const [tab, setTab] = useState(() => activeTab(list, undefined));
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState<number>(list.pageSize ?? 10);
  const [sort, setSort] = useState<{ field?: string; order?: 'asc' | 'desc' }>({
    field: list.defaultSort?.field,
    order: list.defaultSort?.order ?? (list.defaultSort ? 'desc' : undefined),
  });
  // `more`: the server counted up to a bound and there are more rows than `total` (issue 37).
  const [data, setData] = useState<{ records: Row[]; total: number; more?: boolean }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{
    mode: DialogMode;
    record: Row | null;
    form?: string;
    endpoint?: string;
    /** An action's own dialog (a payment) is titled by the action. */
    title?: string;
    initial?: Record<string, unknown>;
    /** A batch action's rows (pay the selected claims with one voucher). */
    ids?: number[];
  } | null>(null);
  const [importing, setImporting] = useState<ActionSchema | null>(null);
  const [scanning, setScanning] = useState<ActionSchema | null>(null);
  const [dicts, setDicts] = useState<Record<string, DictEntry[]>>({});
  const [reloadKey, setReloadKey] = useState(0);
  // A tree opens fully when it is small (departments), one level when it is large (menus).
  const [expanded, setExpanded] = useState<number[]>([]);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);

  // The list's note (`note`): read with the rows, so an action that reloads them refreshes it.
  const [note, setNote] = useState<Record<string, unknown> | null>(null);
  useEffect(() => {
    if (!list.note) return;
    let cancelled = false;
    env.fetcher
      .get<Record<string, unknown>>(`${entity.api}/${list.note.endpoint}`)
      .then((a) => !cancelled && setNote(a.code === '0' && a.data && typeof a.data === 'object' ? a.data : null))
      .catch(() => !cancelled && setNote(null));
    return () => {
      cancelled = true;
    };
  }, [entity.api, list.note, reloadKey]);

  useEffect(() => {
    const types = dictTypesOf(entity);
    if (types.length) env.dicts(types).then(setDicts, () => setDicts({}));
  }, [entity, language]);

  const params = useCallback(
    () => listParams(list, { fixed: hidden, query, tab, sort }, bundle.entity.defaultSort.order),
    [list, hidden, query, tab, sort, bundle.entity.defaultSort.order],
  );

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    // A tree shows every row of the entity at once (departments, menus), nested by its parent field.
    const load = list.tree
      ? env.fetcher
          .get<Row[]>(`${entity.api}/list`, params())
          .then((a) =>
            a.code !== '0'
              ? { ...a, data: { records: [], total: 0 } }
              : { ...a, data: { records: nestRows(a.data, entity.tree!), total: a.data.length } },
          )
      : env.fetcher.get<{ records: Row[]; total: number; more?: boolean }>(`${entity.api}/page`, { pageNum, pageSize, ...params() });
    load
      .then((answer) => {
        if (cancelled) return;
        if (answer.code !== '0') {
          env.message.error(answer.msg);
          setData({ records: [], total: 0 });
          return;
        }
        // Spec section 4: an empty page after the first steps back one page and loads again.
        if (answer.data.records.length === 0 && pageNum > 1) {
          setPageNum(pageNum - 1);
          return;
        }
        setData(answer.data);
        if (list.tree)
          setExpanded(answer.data.total <= 100 ? parentsIn(answer.data.records) : answer.data.records.map((r) => r.id));
        setSelected((keys) => keys.filter((k) => answer.data.records.some((r) => r.id === k)));
      })
      .catch((err) => !cancelled && env.message.error(env.errorText(err)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [entity.api, pageNum, pageSize, params, reloadKey]);

  const allowed = (a: ActionSchema) =>
    env.hasPermission(
      a.permission ?? (DEFAULT_ACTION_KEY[a.action] ? `${entity.permission}:${DEFAULT_ACTION_KEY[a.action]}` : undefined),
    );
  const label = (a: ActionSchema) => (a.title ? schemaText(bundle.texts, a.title, language) : t(a.action as RendererTextKey));

  const openRecord = async (mode: DialogMode, row: Pick<Row, 'id'>, a?: ActionSchema) => {
    const answer = await env.fetcher.get<Row>(`${entity.api}/infoById/${row.id}`);
    if (answer.code !== '0') return void env.message.error(answer.msg);
    setDialog({
      mode,
      record: answer.data,
      form: a?.form,
      endpoint: mode === 'edit' ? a?.endpoint : undefined,
      title: mode === 'edit' && a?.endpoint && a.title ? label(a) : undefined,
    });
    // Viewing may be an act of its own (reading a notice marks it read).
    if (mode === 'view' && a?.endpoint) {
      const done = await env.fetcher.post(`${entity.api}/${a.endpoint}`, { id: row.id, ids: [row.id] }, { id: row.id });
      if (done.code === '0') {
        reload();
        window.dispatchEvent(new CustomEvent('schema:changed', { detail: { entity: entity.name } }));
      }
    }
  };

  // Spec section 2: a link may name a row to open (noticeUserRelList?formData={"noticeUserRelId":…}).
  const openParam = list.open ? urlQuery[list.open.param] : undefined;
  useEffect(() => {
    if (!list.open || !openParam) return;
    let id: number;
    try {
      id = Number((JSON.parse(openParam) as Record<string, unknown>)[list.open.id]);
    } catch {
      return;
    }
    if (!Number.isInteger(id) || id < 1) return;
    const mode = list.open.action ?? 'view';
    const a = [...(list.rowActions ?? []), ...list.columns.map((c) => c.link).filter((l): l is ActionSchema => Boolean(l))].find(
      (x) => x.action === mode,
    );
    void openRecord(mode, { id }, a);
  }, [openParam]);

  const remove = async (ids: number[]) => {
    const answer = await env.fetcher.post(`${entity.api}/remove`, { ids });
    if (answer.code !== '0') env.message.error(answer.msg);
    else {
      env.message.success(t('removed'));
      setSelected([]);
      reload();
    }
  };

  // The list's rows; or, with an endpoint, the file the server writes there (a template; with a row,
  // that row's file: a payroll's bank transfer file).
  const exportRows = async (endpoint?: string, row?: Row) => {
    const key = 'export';
    env.message.loading({ key, content: t('exporting', { size: '' }), duration: 0 });
    try {
      const result = await env.fetcher.download(
        `${entity.api}/${endpoint ?? 'export'}`,
        endpoint ? (row ? { id: row.id } : {}) : { ...params(), columns: list.columns.map((c) => c.field).join(',') },
        (bytes) =>
          env.message.loading({ key, content: t('exporting', { size: `${(bytes / 1024).toFixed(0)} KB` }), duration: 0 }),
      );
      if ('code' in result) {
        env.message.error({ key, content: result.msg });
        return;
      }
      const url = URL.createObjectURL(result.blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = result.fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      env.message.success({ key, content: t('exported') });
    } catch (err) {
      env.message.error({ key, content: env.errorText(err) });
    }
  };

  // A form that is a page of its own opens there for add and edit (not an action's own form).
  const formPage = bundle.form?.page;
  const run$ = (a: ActionSchema, row?: Row) => {
    if (formPage && !a.form && !a.endpoint && (a.action === 'add' || (a.action === 'edit' && row)))
      return env.navigate(
        row && a.action === 'edit'
          ? `${formPage.path}?formData=${encodeURIComponent(JSON.stringify({ id: row.id }))}`
          : formPage.path,
      );
    switch (a.action) {
      case 'add':
        return setDialog({
          mode: 'add',
          record: null,
          form: a.form,
          // An act of its own with inputs (book a month's depreciation): the form posts there.
          endpoint: a.endpoint,
          title: a.endpoint && a.title ? label(a) : undefined,
          initial: a.initial ? { ...fixed, ...fillValues(a.initial, row ?? {}) } : undefined,
        });
      case 'edit':
        // On the selected rows: the action's inputs once, for all of them (a payment batch).
        if (!row && a.endpoint && selected.length)
          return setDialog({ mode: 'edit', record: null, form: a.form, endpoint: a.endpoint, title: label(a), ids: selected });
        return row && void openRecord(a.action, row, a);
      case 'view':
        return row && void openRecord(a.action, row, a);
      case 'remove':
        return row && void remove([row.id]);
      case 'export':
        return void exportRows(a.endpoint, row);
      case 'import':
        return setImporting(a);
      case 'scan':
        return setScanning(a);
      case 'navigate':
        return a.to && env.navigate(fill(a.to, { ...fixed, ...(row ?? {}) }));
      case 'print':
        // On the selected rows: one sheet of them all (a sheet of asset labels).
        if (!row && a.to && selected.length) return env.navigate(a.to.replace('{ids}', selected.slice(0, 100).join(',')));
        return row && env.navigate(a.to ? fill(a.to, row) : `/print/${entity.name}/${row.id}`);
      case 'download':
      case 'preview': {
        const url = row?.[a.field ?? 'url'];
        if (typeof url !== 'string' || !url) return;
        const name = String((entity.display && row?.[entity.display]) || url.split('?')[0]!.split('/').pop());
        return void openFile(env, url, name, a.action);
      }
      case 'status': {
        if (!row || !entity.status) return;
        const current = String(row[entity.status.field] ?? '');
        void env.fetcher
          .post(`${entity.api}/status`, { id: row.id, version: row.version, status: current === '0' ? '1' : '0' })
          .then((answer) => {
            if (answer.code !== '0') env.message.error(answer.msg);
            else reload();
          });
        return;
      }
      case 'request': {
        if (!a.endpoint) return;
        const ids = row ? [row.id] : selected;
        // The spec's calls carry the row in the query (notice send / cancel / read); the body says it too.
        const go = (confirmed = false): Promise<void> =>
          env.fetcher
            .post(
              `${entity.api}/${a.endpoint}`,
              { id: row?.id, ids },
              { ...(row ? { id: row.id } : { ids: ids.join(',') }), ...(confirmed ? { confirmed: 1 } : {}) },
            )
            .then((answer) => {
              // A warning the server wants confirmed (an indicator ≥ 80 % used): asked, then sent again.
              if (answer.code === CONFIRM_CODE && !confirmed)
                env.modal.confirm({
                  title: label(a),
                  content: answer.msg,
                  okText: t('ok'),
                  cancelText: t('cancel'),
                  onOk: () => go(true),
                });
              else if (answer.code !== '0') env.message.error(answer.msg);
              else {
                // A batch that answers row by row (approve the selected tasks) says how many went through.
                const summary = batchSummary(answer.data, data.records, list.columns[0]?.field, entity.display);
                if (summary) showSummary(summary);
                else if (!showOneTimePasswords(env, answer)) env.message.success(answer.msg);
                if (!row) setSelected([]);
                reload();
                window.dispatchEvent(new CustomEvent('schema:changed', { detail: { entity: entity.name } }));
              }
            })
            .catch((err) => void env.message.error(env.errorText(err)));
        if (!a.confirm) return void go();
        env.modal.confirm({
          title: label(a),
          content: schemaText(bundle.texts, a.confirm, language),
          okText: t('ok'),
          cancelText: t('cancel'),
          onOk: () => go(),
        });
        return;
      }
    }
  };

  const showSummary = (summary: BatchSummary) => {
    if (!summary.failed) return void env.message.success(t('batchDone', { done: summary.done }));
    env.modal.warning({
      title: t('batchResult', { done: summary.done, failed: summary.failed }),
      okText: t('ok'),
      width: 520,
      content: (
        <ul data-testid="batch-failures" style={{ margin: '8px 0 0', paddingLeft: 20, maxHeight: 320, overflow: 'auto' }}>
          {summary.failures.map((f) => (
            <li key={f.id}>
              <Typography.Text strong>{f.name}</Typography.Text>
              {language.startsWith('zh') ? '：' : ': '}
              {f.msg}
            </li>
          ))}
        </ul>
      ),
    });
  };

  // The columns are built once per bundle, dictionaries, language, sort and permissions, not on
  // every render of the page; a link cell runs its action through the latest run$.
  const latestRun = useRef(run$);
  latestRun.current = run$;
  const dataColumns = useMemo(
    () =>
      buildColumns(bundle, dicts, language, sort, (column: ColumnSchema) =>
        column.link && allowed(column.link) ? (row: Row) => latestRun.current(column.link!, row) : null,
      ),
    [bundle, dicts, language, sort, env.hasPermission],
  );
  const rowActions = useMemo(
    () => (list.rowActions ?? []).filter(allowed),
    [list.rowActions, entity.permission, env.hasPermission],
  );
  const visibleActions = (row: Row) =>
    rowActions.filter((a) => !a.visible || Boolean(run(a.visible, { ...row, $user: { userId: env.userId } })));
  // A row shows up to three actions; with more, the first two and a "more" menu of the rest (as
  // ant-design-pro's TableDropdown), so long labels (pt-BR) do not push the data out of sight.
  const INLINE = 3;
  const split = (row: Row) => {
    const all = visibleActions(row);
    return all.length > INLINE ? { inline: all.slice(0, INLINE - 1), more: all.slice(INLINE - 1) } : { inline: all, more: [] };
  };
  const testId = (a: ActionSchema) => `row-${a.action}${a.endpoint ? `-${a.endpoint}` : ''}`;
  const confirmRemove = (a: ActionSchema, row: Row) =>
    env.modal.confirm({
      title: t('confirmRemoveOne'),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: () => run$(a, row),
    });
  // Each row's actions once per page of rows (their visibility expressions run per row), for the
  // column's width and its cells.
  const splits = useMemo(
    () => new Map(rowActions.length ? data.records.map((row) => [row, split(row)]) : []),
    [data.records, rowActions, env.userId],
  );
  const splitOf = (row: Row) => splits.get(row) ?? split(row);
  // As wide as the widest row's links (14 px a CJK character, 7.5 px another, 4 px between).
  const textWidth = (text: string) => [...text].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 14 : 7.5), 0);
  const actionsWidth = Math.max(
    96,
    ...[...splits.values()].map(({ inline, more }) => {
      const shown = [...inline.map((a) => String(label(a))), ...(more.length ? [`${t('more')} ∨`] : [])];
      return shown.reduce((w, text) => w + textWidth(text) + 6, 28);
    }),
  );
  const columns = [
    ...dataColumns,
    ...(rowActions.length
      ? [
          {
            key: '__actions',
            title: t('actions'),
            fixed: 'right' as const,
            width: Math.min(actionsWidth, 420),
            render: (_: unknown, row: Row) => {
              const { inline, more } = splitOf(row);
              return (
                <Space size={4} wrap>
                  {inline.map((a) =>
                    a.action === 'remove' ? (
                      <ConfirmLink
                        key={a.action}
                        title={t('confirmRemoveOne')}
                        okText={t('ok')}
                        cancelText={t('cancel')}
                        onConfirm={() => run$(a, row)}
                        danger={a.danger}
                        testId={testId(a)}
                      >
                        {label(a)}
                      </ConfirmLink>
                    ) : (
                      <Typography.Link
                        key={`${a.action}${a.to ?? ''}${a.endpoint ?? ''}${a.form ?? ''}`}
                        onClick={() => run$(a, row)}
                        data-testid={testId(a)}
                      >
                        {label(a)}
                      </Typography.Link>
                    ),
                  )}
                  {more.length ? (
                    <Dropdown
                      trigger={['click']}
                      menu={{
                        items: more.map((a) => ({
                          key: `${a.action}${a.to ?? ''}${a.endpoint ?? ''}${a.form ?? ''}`,
                          danger: a.action === 'remove' || a.danger,
                          label: <span data-testid={testId(a)}>{label(a)}</span>,
                          onClick: () => (a.action === 'remove' ? confirmRemove(a, row) : run$(a, row)),
                        })),
                      }}
                    >
                      <Typography.Link data-testid="row-more">
                        {t('more')} <DownOutlined style={{ fontSize: 10 }} />
                      </Typography.Link>
                    </Dropdown>
                  ) : null}
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  const toolbar = (list.toolbar ?? []).filter(allowed);
  const batch = (list.batchActions ?? []).filter(allowed);
  // Virtual rows only when a page shows enough of them (the list's, else spec section 9's 40); antd's
  // virtual table needs a numeric width to lay its columns out.
  const virtual = virtualRows(list, data.records.length, pageSize);
  const tableWidth = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 160), 0);

  const tableRef = useWheelStep(virtual?.step);
  // Below 576 px each row is a card (renderer/phone.ts decides; a tree stays a table).
  const phone = usePhone();

  const onTableChange = (pagination: TablePaginationConfig, _f: unknown, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const nextSort = s?.order
      ? { field: String(s.columnKey ?? s.field), order: s.order === 'ascend' ? ('asc' as const) : ('desc' as const) }
      : { field: list.defaultSort?.field, order: list.defaultSort?.order };
    if (nextSort.field !== sort.field || nextSort.order !== sort.order) {
      setSort(nextSort);
      setPageNum(1);
    } else {
      setPageNum(pagination.current ?? 1);
    }
    if (pagination.pageSize && pagination.pageSize !== pageSize) {
      setPageSize(pagination.pageSize);
      setPageNum(1);
    }
  };

  return (
    <Card className="schema-list" data-testid={`schema-list-${list.component}`}>
      {list.tabs?.length ? (
        <Tabs
          className="schema-tabs"
          activeKey={tab}
          onChange={(key) => {
            setTab(key);
            setPageNum(1);
            setSelected([]);
          }}
          items={list.tabs.map((x) => ({
            key: x.key,
            label: <span data-testid={`list-tab-${x.key}`}>{schemaText(bundle.texts, x.title, language)}</span>,
          }))}
        />
      ) : null}
      {hasQuery(list) && (
        // The placeholder holds the form's line, so the table does not move when the form comes.
        <Suspense fallback={<div style={{ height: 32 }} />}>
          <QueryForm
            key={fixedKey}
            bundle={bundle}
            dicts={dicts}
            language={language}
            initial={shown}
            onSearch={(values) => {
              setQuery(values);
              setPageNum(1);
            }}
          />
        </Suspense>
      )}
      {list.note && note ? (
        <Typography.Paragraph type="secondary" data-testid="list-note" style={{ margin: '12px 0 0', wordBreak: 'break-all' }}>
          {schemaText(bundle.texts, list.note.text, language).replace(/\{(\w+)\}/g, (m, name: string) =>
            note[name] === undefined || note[name] === null ? m : String(note[name]),
          )}
        </Typography.Paragraph>
      ) : null}
      <div
        className="schema-toolbar"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '16px 0', alignItems: 'center' }}
      >
        {toolbar.map((a) => (
          <Button
            key={`${a.action}${a.endpoint ?? ''}`}
            type={a.action === 'add' ? 'primary' : 'default'}
            onClick={() => run$(a)}
            data-testid={`toolbar-${a.action}${a.endpoint ? `-${a.endpoint}` : ''}`}
          >
            {label(a)}
          </Button>
        ))}
        {batch.length > 0 && selected.length > 0 && (
          <>
            <span style={{ color: 'rgba(0,0,0,.45)' }}>{t('selected', { n: selected.length })}</span>
            {batch.map((a) =>
              a.action === 'remove' ? (
                <Popconfirm
                  key={a.action}
                  title={t('confirmRemove', { n: selected.length })}
                  okText={t('ok')}
                  cancelText={t('cancel')}
                  onConfirm={() => void remove(selected)}
                >
                  <Button danger data-testid={`batch-${a.action}`}>
                    {label(a)}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  key={`${a.action}${a.endpoint ?? ''}`}
                  onClick={() => run$(a)}
                  data-testid={`batch-${a.action}${a.endpoint ? `-${a.endpoint}` : ''}`}
                >
                  {label(a)}
                </Button>
              ),
            )}
          </>
        )}
      </div>
      {phone && !list.tree ? (
        <PhoneCards
          columns={columns as PhoneColumn[]}
          rows={data.records}
          rowKey={list.rowKey ?? 'id'}
          loading={loading}
          empty={t('empty')}
          selected={batch.length ? selected : undefined}
          onSelect={batch.length ? (keys) => setSelected(keys as number[]) : undefined}
          pagination={{
            current: pageNum,
            pageSize,
            total: data.total,
            onChange: (page, size) => {
              if (size !== pageSize) {
                setPageSize(size);
                setPageNum(1);
              } else setPageNum(page);
            },
          }}
        />
      ) : (
        <Table<Row>
          ref={tableRef}
          rowKey={list.rowKey ?? 'id'}
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={data.records}
          virtual={Boolean(virtual)}
          scroll={virtual ? { x: tableWidth, y: virtual.height } : { x: 'max-content' }}
          // A list wider than the page keeps its scroll bar in sight at the window's bottom, so the
          // columns under the fixed actions column are seen to be there (budget indicators at 1440 px).
          sticky={virtual ? undefined : { offsetScroll: 0 }}
          rowSelection={
            batch.length ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
          }
          onChange={onTableChange as never}
          locale={{ emptyText: t('empty') }}
          expandable={
            list.tree ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys as number[]) } : undefined
          }
          pagination={
            list.tree
              ? false
              : {
                  current: pageNum,
                  pageSize,
                  total: data.total,
                  showSizeChanger: true,
                  pageSizeOptions:
                    list.pageSize && !PAGE_SIZES.includes(String(list.pageSize))
                      ? [...PAGE_SIZES, String(list.pageSize)]
                      : PAGE_SIZES,
                  showTotal: (total) => t(data.more ? 'totalMore' : 'total', { n: total }),
                }
          }
        />
      )}
      <Suspense fallback={null}>
        {dialog && (
          <FormDialog
            bundle={bundle}
            mode={dialog.mode}
            record={dialog.record}
            initial={dialog.mode === 'add' ? (dialog.initial ?? fixed) : undefined}
            form={dialog.form ? bundle.forms?.[dialog.form] : undefined}
            endpoint={dialog.endpoint}
            title={dialog.title}
            ids={dialog.ids}
            dicts={dicts}
            onClose={() => setDialog(null)}
            onSaved={() => {
              setDialog(null);
              if (dialog.ids) setSelected([]);
              reload();
            }}
          />
        )}
        {scanning && (
          <ScanDialog
            url={`${entity.api}/${scanning.endpoint ?? 'scan'}`}
            title={label(scanning)}
            hint={scanning.hint ? schemaText(bundle.texts, scanning.hint, language) : undefined}
            onClose={() => {
              setScanning(null);
              reload();
            }}
          />
        )}
        {importing && (
          <ImportDialog
            url={`${entity.api}/${importing.endpoint ?? 'import'}`}
            title={importing.title ? label(importing) : undefined}
            hint={importing.hint ? schemaText(bundle.texts, importing.hint, language) : undefined}
            onClose={() => setImporting(null)}
            onDone={() => {
              setImporting(null);
              reload();
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
