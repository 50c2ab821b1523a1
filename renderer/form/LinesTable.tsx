// A document's lines as a sub-table (ArrayTable and its parts: Column, Addition, Remove, Copy…),
// shown a page at a time only when there are many, with lines from an xlsx under it. Loaded with
// the first form whose schema has lines (components.tsx).
import { observer, useField, useFieldSchema } from '@formily/react';
import { isField, type ArrayField } from '@formily/core';
import type { ComponentProps, ReactNode } from 'react';
import { ArrayTable } from '@formily/antd-v5';
import { LinesImport } from './LinesImport.tsx';

/** A short document's lines need no pager. */
const LINES_PER_PAGE = 20;

export const LinesTable = Object.assign(
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
  // Its parts (Column, Addition, Remove…), not the memo's own members ($$typeof, type).
  {
    ...(Object.fromEntries(Object.entries(ArrayTable).filter(([k]) => /^[A-Z]|^use/.test(k))) as Omit<typeof ArrayTable, never>),
  },
);

/**
 * A line's cell: its control and, while it is wrong, the message under it. No label and no layout
 * under a column's title, so not Formily's FormItem, whose per-instance styles and layout were a
 * fifth of a 20-line document's first render.
 */
export const LineCell = observer(function LineCell({ children }: { children?: ReactNode }) {
  const field = useField();
  const errors = isField(field) ? field.selfErrors : [];
  return (
    <div className={errors.length ? 'nk-line-cell nk-line-cell-error' : 'nk-line-cell'}>
      {children}
      {errors.length > 0 && <div className="nk-line-cell-message">{errors.join('; ')}</div>}
    </div>
  );
});
