// The body of an entity's form, shared by the add / edit / view dialog and the approval page (the
// document read-only): Formily's provider, '—' for empty values in read-pretty mode, the layout.
import type { Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout, PreviewText } from '@formily/antd-v5';
import { SchemaFields } from './components.tsx';
import { installFormily } from './locale.ts';
import { useRenderer } from '../context.tsx';
import './form.css';

export default function FormBody({
  form,
  schema,
  labelCol = 6,
  labelWidth,
  layout,
}: {
  form: Form;
  schema: object;
  labelCol?: number;
  /** Labels of one width in pixels instead of a share of each field's column (read-only pages). */
  labelWidth?: number;
  /** 'vertical': labels above their controls (a form file's `layout`). */
  layout?: 'horizontal' | 'vertical';
}) {
  // Labels wrap (form.css) instead of being cut off: a column of a two-column form leaves a label
  // about 100 px, too little for many labels in English or Portuguese.
  installFormily(useRenderer().language);
  const props =
    layout === 'vertical'
      ? { layout: 'vertical' as const }
      : labelWidth
        ? { labelWidth, labelWrap: true }
        : { labelCol, wrapperCol: 24 - labelCol - 1, labelWrap: true };
  return (
    <FormProvider form={form}>
      <PreviewText.Placeholder value="—">
        <FormLayout {...props}>
          <SchemaFields schema={schema} />
        </FormLayout>
      </PreviewText.Placeholder>
    </FormProvider>
  );
}
