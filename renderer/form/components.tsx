// The components a form schema may name (x-component / x-decorator): @formily/antd-v5's bridges
// plus the product's own fields. An unknown name renders a visible placeholder, never a bogus tag.
import { connect, createSchemaField, mapProps, mapReadPretty, observer, useField, useFieldSchema } from '@formily/react';
import type { ArrayField } from '@formily/core';
import type { ComponentProps } from 'react';
import {
  ArrayTable,
  Checkbox,
  DatePicker,
  FormItem,
  FormLayout,
  FormTab,
  FormCollapse,
  Input,
  NumberPicker,
  Password,
  Radio,
  Select,
  Space,
  Switch,
} from '@formily/antd-v5';
import { Input as AntInput, Typography } from 'antd';
import { FileUpload } from './FileUpload.tsx';
import { FormGrid } from './FormGrid.tsx';
import { RefSelect, RefTree } from './RefSelect.tsx';
import { CheckboxList } from './CheckboxList.tsx';
import { OptionsSelect } from './OptionsSelect.tsx';
import { LinesImport } from './LinesImport.tsx';
import { thousands } from '../format.ts';

/** Money: typed as text so the decimal stays exact; at most two decimals. */
export const MoneyInput = connect(
  AntInput,
  mapProps((props) => ({ ...props, inputMode: 'decimal' as const, style: { textAlign: 'right' as const, ...props.style } })),
  // Read-only (approval page, view dialog, a computed total): the amount as text with separators.
  mapReadPretty(({ value }: { value?: unknown }) => (
    <span className="money-text">{value === undefined || value === null || value === '' ? '—' : thousands(value, 2)}</span>
  )),
);

/** A count or a figure read (view dialog, approval page): with thousands separators, as lists and print show it. */
const Figure = connect(
  NumberPicker,
  mapReadPretty(({ value }: { value?: unknown }) => (
    <span className="number-text">{value === undefined || value === null || value === '' ? '—' : thousands(value)}</span>
  )),
);

/** Lines shown a page at a time only when there are many: a short document's lines need no pager. */
const LINES_PER_PAGE = 20;
const LinesTable = Object.assign(
  observer((props: ComponentProps<typeof ArrayTable>) => {
    const field = useField<ArrayField>();
    const schema = useFieldSchema();
    const many = (field.value?.length ?? 0) > LINES_PER_PAGE;
    const own = typeof props.pagination === 'object' ? props.pagination : {};
    // Lines from an xlsx (ArrayTable.Import nodes): under the table, as ArrayTable shows one addition only.
    const imports = Object.entries(schema.properties ?? {}).filter(([, s]) => s['x-component'] === 'ArrayTable.Import');
    return (
      <>
        <ArrayTable {...props} pagination={many ? { pageSize: LINES_PER_PAGE, ...own } : false} />
        {field.editable &&
          imports.map(([key, s]) => (
            <LinesImport
              key={key}
              array={field}
              title={typeof s.title === 'string' ? s.title : undefined}
              url={(s['x-component-props'] as { url?: string } | undefined)?.url}
            />
          ))}
      </>
    );
  }),
  // Its parts (Column, Addition, Remove…), not the memo's own members ($$typeof, type), and the
  // product's own: lines from an xlsx.
  {
    ...(Object.fromEntries(Object.entries(ArrayTable).filter(([k]) => /^[A-Z]|^use/.test(k))) as Omit<typeof ArrayTable, never>),
  },
);

/** A heading across a section of a form grid (the meeting-record section): the whole row, one line. */
export function SectionTitle({ title }: { title?: string }) {
  return (
    <div data-grid-span="-1" className="nk-form-section-title" data-testid="form-section-title">
      <Typography.Text strong>{title}</Typography.Text>
    </div>
  );
}

export const SchemaField = createSchemaField({
  components: {
    ArrayTable: LinesTable,
    Checkbox,
    CheckboxList,
    DatePicker,
    FileUpload,
    FormCollapse,
    FormGrid,
    FormItem,
    FormLayout,
    FormTab,
    Input,
    MoneyInput,
    NumberPicker: Figure,
    OptionsSelect,
    Password,
    Radio,
    RefSelect,
    RefTree,
    SectionTitle,
    Select,
    Space,
    Switch,
  },
});
