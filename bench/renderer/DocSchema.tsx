// A document with 200 lines through the generic runtime, opened for editing as its full-page form
// does (buildFormSchema over the area's form file, createForm with the saved document, SchemaFields):
// the lines are a sub-table a page of 20 at a time, the document's own lines plain until one is opened.
import { useMemo, useRef } from 'react';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { buildFormSchema } from '../../renderer/form/build.ts';
import { SchemaFields } from '../../renderer/form/components.tsx';
import { installFormily } from '../../renderer/form/locale.ts';
import { RendererContext } from '../../renderer/context.tsx';
import type { FormSchema } from '../../renderer/types.ts';
import { docEntity, docForm, docTexts, docValues, formDicts, LANGUAGE, LINES_READY_TEXT } from './fixtures.ts';
import { useBenchEnv } from './env.ts';
import { linesComplete, useReady } from './probe.ts';

const complete = linesComplete(20, LINES_READY_TEXT);

export default function DocSchemaPage() {
  installFormily(LANGUAGE);
  const env = useBenchEnv();
  const form = useMemo(() => createForm({ initialValues: structuredClone(docValues) }), []);
  const schema = useMemo(() => buildFormSchema(docForm as unknown as FormSchema, docEntity, docTexts, LANGUAGE, formDicts), []);
  const ref = useRef<HTMLDivElement>(null);
  useReady(ref, complete);
  return (
    <div ref={ref} style={{ width: 1000, padding: 24 }}>
      <RendererContext.Provider value={env}>
        <FormProvider form={form}>
          <FormLayout labelCol={4} wrapperCol={19}>
            <SchemaFields schema={schema} />
          </FormLayout>
        </FormProvider>
      </RendererContext.Provider>
    </div>
  );
}
