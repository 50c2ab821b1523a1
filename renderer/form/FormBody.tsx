// The body of an entity's form, shared by the add / edit / view dialog and the approval page (the
// document read-only): Formily's provider, '—' for empty values in read-pretty mode, the layout.
import type { Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout, PreviewText } from '@formily/antd-v5';
import { SchemaField } from './components.tsx';
import './form.css';

export default function FormBody({
  form,
  schema,
  labelCol = 6,
  labelWidth,
}: {
  form: Form;
  schema: object;
  labelCol?: number;
  /** Labels of one width in pixels instead of a share of each field's column (read-only pages). */
  labelWidth?: number;
}) {
  // Labels wrap (form.css) instead of being cut off: a column of a two-column form leaves a label
  // about 100 px, too little for many labels in English or Portuguese.
  const layout = labelWidth ? { labelWidth, labelWrap: true } : { labelCol, wrapperCol: 24 - labelCol - 1, labelWrap: true };
  return (
    <FormProvider form={form}>
      <PreviewText.Placeholder value="—">
        <FormLayout {...layout}>
          <SchemaField schema={schema as never} />
        </FormLayout>
      </PreviewText.Placeholder>
    </FormProvider>
  );
}
