// The 200-field form written directly as a Formily JSON schema over plain @formily/antd-v5
// components (issue 20): no product renderer code. Laid out as the generated form is (FormLayout with
// the same label and wrapper columns, a one-column FormGrid, a FormItem per field), the same fields
// in the same order with the same controls and rules as the hand-written form.
import { useMemo, useRef } from 'react';
import { createForm, setValidateLanguage } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { FormGrid, FormItem, FormLayout, Input, NumberPicker, Select } from '@formily/antd-v5';
import type { EntityField } from '../../renderer/types.ts';
import { FORM_FIELDS, formDicts, formEntity, LANGUAGE } from './fixtures.ts';
import { formComplete, useReady } from './probe.ts';

const MONEY = /^-?\d{1,16}(\.\d{1,2})?$/;
const complete = formComplete(FORM_FIELDS);

const SchemaField = createSchemaField({ components: { FormGrid, FormItem, Input, NumberPicker, Select } });

function field(f: EntityField): Record<string, unknown> {
  const base = { title: `字段 ${f.name.slice(1)}`, required: f.required, 'x-decorator': 'FormItem' };
  switch (f.type) {
    case 'integer':
      return {
        ...base,
        type: 'number',
        'x-component': 'NumberPicker',
        'x-component-props': { precision: 0 },
        'x-validator': 'integer',
      };
    case 'number':
      return { ...base, type: 'number', 'x-component': 'NumberPicker' };
    case 'dict':
      return {
        ...base,
        type: 'string',
        'x-component': 'Select',
        'x-component-props': { allowClear: !f.required },
        enum: (formDicts[f.dict ?? ''] ?? []).map((d) => ({ label: d.dictLabel, value: d.dictValue })),
      };
    case 'money':
      return {
        ...base,
        type: 'string',
        'x-component': 'Input',
        'x-component-props': { inputMode: 'decimal', style: { textAlign: 'right' } },
        'x-validator': { pattern: MONEY, message: '请输入金额，最多两位小数' },
      };
    default:
      // A character count under the limit, as the generated form shows one.
      return {
        ...base,
        type: 'string',
        'x-component': 'Input',
        'x-component-props': { count: { show: true, max: f.maxLength } },
        'x-validator': { maxLength: f.maxLength },
      };
  }
}

const schema = {
  type: 'object',
  properties: {
    grid: {
      type: 'void',
      'x-component': 'FormGrid',
      'x-component-props': { maxColumns: 1, minColumns: 1 },
      properties: Object.fromEntries(formEntity.fields.map((f) => [f.name, field(f)])),
    },
  },
};

export default function FormFormilyPage() {
  setValidateLanguage(LANGUAGE);
  const form = useMemo(() => createForm({ initialValues: {} }), []);
  const ref = useRef<HTMLDivElement>(null);
  useReady(ref, complete);
  return (
    <div ref={ref} style={{ width: 640, padding: 24 }}>
      <FormProvider form={form}>
        <FormLayout labelCol={6} wrapperCol={17}>
          <SchemaField schema={schema} />
        </FormLayout>
      </FormProvider>
    </div>
  );
}
