// Table columns from the list schema: titles from the entity, values through the display filters
// (money with thousands separators, dates, dictionary labels as tags), server-side sort.
import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { formatDate, splitText, thousands } from '../format.ts';
import { siteToday } from '../time.ts';
import { schemaText } from '../texts.ts';
import { run } from '../../validators/expression/evaluate.ts';
import type { ColumnSchema, DictEntry, EntityField, PageBundle, Row } from '../types.ts';

export const TAG_COLORS: Record<string, string> = {
  primary: 'blue',
  success: 'green',
  info: 'default',
  warning: 'orange',
  danger: 'red',
};

/** A dictionary value as its label: a coloured tag on screen, the plain word on paper (`plain`). */
export function dictTag(entries: DictEntry[] | undefined, value: unknown, plain = false): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  return dictLabel(
    entries?.find((d) => d.dictValue === String(value)),
    value,
    plain,
  );
}

function dictLabel(entry: DictEntry | undefined, value: unknown, plain: boolean): ReactNode {
  if (!entry) return String(value);
  return !plain && entry.listClass && entry.listClass !== 'default' ? (
    <Tag color={TAG_COLORS[entry.listClass]}>{entry.dictLabel}</Tag>
  ) : (
    entry.dictLabel
  );
}

/** The display filter of a field's type when its column names none. */
const TYPE_FILTERS: Record<string, string> = {
  money: 'money',
  integer: 'number',
  number: 'number',
  date: 'date',
  datetime: 'datetime',
  dict: 'dict',
};

const yesNo = (language: string): [string, string] =>
  language.startsWith('zh') ? ['是', '否'] : language === 'pt-BR' ? ['Sim', 'Não'] : ['Yes', 'No'];

/**
 * How a column shows a row's value, decided once for the column (filter, dictionary, words), so a
 * list of many rows does only the formatting itself per cell.
 */
export function displayOf(
  field: EntityField | undefined,
  column: Pick<ColumnSchema, 'filter'>,
  dicts: Record<string, DictEntry[]>,
  language: string,
  /** For print: words only, no coloured tags. */
  plain = false,
): (row: Row) => ReactNode {
  if (!field) return () => '';
  const name = field.name;
  switch (column.filter ?? TYPE_FILTERS[field.type]) {
    case 'money':
      return (row) => thousands(row[name], 2, language);
    case 'number':
      return (row) => thousands(row[name], undefined, language);
    case 'date':
      return (row) => formatDate(row[name], 'YYYY-MM-DD');
    case 'datetime':
      return (row) => formatDate(row[name]);
    case 'daysSince': {
      // How long ago, in whole days of the site's calendar (an advance's age): today counts 0.
      const today = Date.parse(`${siteToday()}T00:00:00Z`);
      return (row) => {
        const day = formatDate(row[name], 'YYYY-MM-DD');
        const at = day ? Date.parse(`${day}T00:00:00Z`) : NaN;
        return Number.isNaN(at) ? '' : String(Math.round((today - at) / 86_400_000));
      };
    }
    case 'dict': {
      // The first entry of a value, as dictTag's find takes it.
      const byValue = new Map<string, DictEntry>();
      for (const d of (field.dict ? dicts[field.dict] : undefined) ?? [])
        if (!byValue.has(d.dictValue)) byValue.set(d.dictValue, d);
      return (row) => {
        const value = row[name];
        return value === null || value === undefined || value === '' ? '' : dictLabel(byValue.get(String(value)), value, plain);
      };
    }
  }
  if (field.type === 'ref') return (row) => (row[`${name}Label`] as string) ?? (row[name] === null ? '' : String(row[name]));
  if (field.type === 'boolean') {
    const [yes, no] = yesNo(language);
    return (row) => {
      const value = row[name];
      return value === null || value === undefined ? '' : value ? yes : no;
    };
  }
  if (field.type === 'json') return (row) => (row[name] ? JSON.stringify(row[name]) : '');
  // A code the server also says in words (a task's document type: entity → entityLabel).
  if (field.type === 'string')
    return (row) => {
      const value = row[`${name}Label`] ?? row[name];
      return value === null || value === undefined ? '' : String(value);
    };
  return (row) => {
    const value = row[name];
    return value === null || value === undefined ? '' : String(value);
  };
}

export function displayValue(
  field: EntityField | undefined,
  column: Pick<ColumnSchema, 'filter'>,
  row: Row,
  dicts: Record<string, DictEntry[]>,
  language: string,
  /** For print: words only, no coloured tags. */
  plain = false,
): ReactNode {
  return displayOf(field, column, dicts, language, plain)(row);
}

/**
 * The table's columns. `link` says once per column what a click on its cells does (the row's
 * action, when the user may take it), or null for plain cells.
 */
export function buildColumns(
  bundle: PageBundle,
  dicts: Record<string, DictEntry[]>,
  language: string,
  sort: { field?: string; order?: 'asc' | 'desc' },
  link: (column: ColumnSchema) => ((row: Row) => void) | null,
): ColumnType<Row>[] {
  const fields = new Map(bundle.entity.fields.map((f) => [f.name, f]));
  return bundle.list.columns.map((c) => {
    const field = fields.get(c.field);
    const sortable = c.sortable ?? (field ? field.sortable !== false && field.type !== 'json' && field.type !== 'files' : false);
    const display = displayOf(field, c, dicts, language);
    const onClick = link(c);
    const ellipsis = Boolean(c.ellipsis);
    return {
      key: c.field,
      dataIndex: c.field,
      title: schemaText(bundle.texts, c.title ?? field?.title, language),
      width: c.width,
      // A cut-off cell shows its whole text on hover, in lines of 60 characters (spec section 9)
      // rather than as one line as wide as the screen.
      ellipsis: c.ellipsis ? { showTitle: false } : undefined,
      align: field && ['money', 'integer', 'number'].includes(field.type) ? 'right' : undefined,
      sorter: sortable,
      sortOrder: sort.field === c.field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (_: unknown, row: Row) => {
        const shown = display(row);
        // A link's `visible` holds per row: a journal row links to its document only when it has one to open.
        const linked = onClick && (!c.link?.visible || Boolean(run(c.link.visible, row)));
        const cell = linked ? <Typography.Link onClick={() => onClick(row)}>{shown}</Typography.Link> : shown;
        return ellipsis && typeof shown === 'string' && shown ? <span title={splitText(shown).join('\n')}>{cell}</span> : cell;
      },
    };
  });
}
