// The 200-field form through the generic runtime, the way FormDialog builds it (buildFormSchema over
// the entity's default form, createForm, FormProvider, FormLayout, SchemaFields), inline on the page.
import { useMemo, useRef } from 'react';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { buildFormSchema, defaultForm } from '../../renderer/form/build.ts';
import { SchemaFields } from '../../renderer/form/components.tsx';
import { installFormily } from '../../renderer/form/locale.ts';
import { FORM_FIELDS, formDicts, formEntity, formTexts, LANGUAGE } from './fixtures.ts';
import { formComplete, useReady } from './probe.ts';

const complete = formComplete(FORM_FIELDS);

export default function FormSchemaPage() {
  installFormily(LANGUAGE);
  const formFile = useMemo(() => defaultForm(formEntity), []);
  const form = useMemo(() => createForm({ initialValues: {} }), []);
  const schema = useMemo(() => buildFormSchema(formFile, formEntity, formTexts, LANGUAGE, formDicts), [formFile]);
  const ref = useRef<HTMLDivElement>(null);
  useReady(ref, complete);
  return (
    <div ref={ref} style={{ width: 640, padding: 24 }} data-testid="schema-form">
      <FormProvider form={form}>
        <FormLayout labelCol={formFile.labelCol ?? 6} wrapperCol={24 - (formFile.labelCol ?? 6) - 1}>
          <SchemaFields schema={schema} />
        </FormLayout>
      </FormProvider>
    </div>
  );
}
