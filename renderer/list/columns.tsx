// Table columns from the list schema: titles from the entity, values through the display filters
// (money with thousands separators, dates, dictionary labels as tags), server-side sort.
import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { formatDate, splitText, thousands } from '../format.ts';
import { schemaText } from '../texts.ts';
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
  const entry = entries?.find((d) => d.dictValue === String(value));
  if (!entry) return String(value);
  return !plain && entry.listClass && entry.listClass !== 'default' ? (
    <Tag color={TAG_COLORS[entry.listClass]}>{entry.dictLabel}</Tag>
  ) : (
    entry.dictLabel
  );
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
  if (!field) return '';
  const value = row[field.name];
  const filter =
    column.filter ??
    (
      { money: 'money', integer: 'number', number: 'number', date: 'date', datetime: 'datetime', dict: 'dict' } as Record<
        string,
        string
      >
    )[field.type];
  switch (filter) {
    case 'money':
      return thousands(value, 2);
    case 'number':
      return thousands(value);
    case 'date':
      return formatDate(value, 'YYYY-MM-DD');
    case 'datetime':
      return formatDate(value);
    case 'dict':
      return dictTag(field.dict ? dicts[field.dict] : undefined, value, plain);
  }
  if (field.type === 'ref') return (row[`${field.name}Label`] as string) ?? (value === null ? '' : String(value));
  if (field.type === 'boolean')
    return value === null || value === undefined
      ? ''
      : value
        ? language.startsWith('zh')
          ? '是'
          : language === 'pt-BR'
            ? 'Sim'
            : 'Yes'
        : language.startsWith('zh')
          ? '否'
          : language === 'pt-BR'
            ? 'Não'
            : 'No';
  if (field.type === 'json') return value ? JSON.stringify(value) : '';
  return value === null || value === undefined ? '' : String(value);
}

export function buildColumns(
  bundle: PageBundle,
  dicts: Record<string, DictEntry[]>,
  language: string,
  sort: { field?: string; order?: 'asc' | 'desc' },
  link: (column: ColumnSchema, row: Row) => (() => void) | null,
): ColumnType<Row>[] {
  const fields = new Map(bundle.entity.fields.map((f) => [f.name, f]));
  return bundle.list.columns.map((c) => {
    const field = fields.get(c.field);
    const sortable = c.sortable ?? (field ? field.sortable !== false && field.type !== 'json' && field.type !== 'files' : false);
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
        const shown = displayValue(field, c, row, dicts, language);
        const onClick = link(c, row);
        const cell = onClick ? <Typography.Link onClick={onClick}>{shown}</Typography.Link> : shown;
        return c.ellipsis && typeof shown === 'string' && shown ? <span title={splitText(shown).join('\n')}>{cell}</span> : cell;
      },
    };
  });
}
