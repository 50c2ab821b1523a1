// The 200-field form written by hand with antd's Form: one Form.Item per field with the same
// controls and rules (required, maxLength, integer, money pattern) as the generated form.
import { useRef, type ReactNode } from 'react';
import { Form, Input, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { EntityField } from '../../renderer/types.ts';
import { FORM_FIELDS, formDicts, formEntity } from './fixtures.ts';
import { formComplete, useReady } from './probe.ts';

const MONEY = /^-?\d{1,16}(\.\d{1,2})?$/;
const complete = formComplete(FORM_FIELDS);

function rules(f: EntityField): Rule[] {
  const out: Rule[] = [];
  if (f.required) out.push({ required: true, message: '此项为必填项' });
  if (f.maxLength) out.push({ max: f.maxLength, message: `请控制在${f.maxLength}个字符以内` });
  if (f.type === 'integer') out.push({ type: 'integer', message: '请输入整数' });
  if (f.type === 'money') out.push({ pattern: MONEY, message: '请输入金额，最多两位小数' });
  return out;
}

function control(f: EntityField): ReactNode {
  switch (f.type) {
    case 'integer':
      return <InputNumber precision={0} style={{ width: '100%' }} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} />;
    case 'dict':
      return (
        <Select
          allowClear={!f.required}
          options={(formDicts[f.dict ?? ''] ?? []).map((d) => ({ label: d.dictLabel, value: d.dictValue }))}
        />
      );
    case 'money':
      return <Input inputMode="decimal" style={{ textAlign: 'right' }} />;
    default:
      // A character count under the limit, as the generated form shows one.
      return <Input maxLength={f.maxLength} showCount />;
  }
}

export default function FormHandPage() {
  const [form] = Form.useForm();
  const ref = useRef<HTMLDivElement>(null);
  useReady(ref, complete);
  return (
    <div ref={ref} style={{ width: 640, padding: 24 }}>
      <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 17 }}>
        {formEntity.fields.map((f) => (
          <Form.Item key={f.name} name={f.name} label={`字段 ${f.name.slice(1)}`} rules={rules(f)}>
            {control(f)}
          </Form.Item>
        ))}
      </Form>
    </div>
  );
}
