// The 200-field form rendered by amis (issue 20): amis's render(schema, props, env) over a `form`
// of input-text / input-number / select controls with the same fields in the same order and the
// same rules (required, maxLength, integer, money pattern) as the hand-written form, horizontal
// labels in the same page width. No submit API: the fetcher refuses everything.
import { useRef } from 'react';
import { render as renderAmis } from 'amis';
import 'amis/lib/themes/cxd.css';
import 'amis/lib/helper.css';
import 'amis/sdk/iconfont.css';
import type { EntityField } from '../../renderer/types.ts';
import { FORM_FIELDS, formDicts, formEntity, LANGUAGE } from './fixtures.ts';
import { formComplete, useReady, AMIS_ITEM } from './probe.ts';

const MONEY = '/^-?\\d{1,16}(\\.\\d{1,2})?$/';
const complete = formComplete(FORM_FIELDS, AMIS_ITEM);

function control(f: EntityField): Record<string, unknown> {
  const base = { name: f.name, label: `字段 ${f.name.slice(1)}`, required: f.required };
  switch (f.type) {
    case 'integer':
      return { ...base, type: 'input-number', precision: 0, validations: { isInt: true } };
    case 'number':
      return { ...base, type: 'input-number' };
    case 'dict':
      return {
        ...base,
        type: 'select',
        clearable: !f.required,
        options: (formDicts[f.dict ?? ''] ?? []).map((d) => ({ label: d.dictLabel, value: d.dictValue })),
      };
    case 'money':
      // Marked, so the keystroke measurement skips amounts here as it does in the other forms.
      return {
        ...base,
        type: 'input-text',
        className: 'bench-money',
        inputClassName: 'text-right',
        validations: { matchRegexp: MONEY },
        validationErrors: { matchRegexp: '请输入金额，最多两位小数' },
      };
    default:
      // A character count under the limit, as the generated form shows one.
      return { ...base, type: 'input-text', showCounter: true, maxLength: f.maxLength, validations: { maxLength: f.maxLength } };
  }
}

const schema = {
  type: 'page',
  body: {
    type: 'form',
    mode: 'horizontal',
    // Labels a quarter of the row, as labelCol 6 of 24 in the antd forms.
    horizontal: { left: 3, right: 9 },
    wrapWithPanel: false,
    actions: [],
    body: formEntity.fields.map(control),
  },
};

const env = {
  fetcher: () => Promise.reject(new Error('not in the benchmark')),
  notify: () => undefined,
  alert: () => undefined,
  confirm: () => Promise.resolve(false),
  theme: 'cxd',
};

export default function FormAmisPage() {
  const ref = useRef<HTMLDivElement>(null);
  useReady(ref, complete);
  return (
    <div ref={ref} style={{ width: 640, padding: 24 }}>
      {renderAmis(schema, { locale: LANGUAGE }, env)}
    </div>
  );
}
