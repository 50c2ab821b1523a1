// A form that is a page of its own (a reimbursement with its sub-tables, a contract): the menu's
// hidden route renders it; ?formData={"id":…} edits that record, none adds one. The save returns
// to the list the form names and closes this page; cancel returns without saving.
import { useEffect, useState } from 'react';
import { Button, Card, Result, Space, Spin } from 'antd';
import { useRenderer } from '../context.tsx';
import { dictTypesOf } from '../dicts.ts';
import { rt, schemaText } from '../texts.ts';
import type { DictEntry, FormPageBundle, Row } from '../types.ts';
import FormBody from './FormBody.tsx';
import { useComponentsOf } from './components.tsx';
import { useSchemaForm } from './useSchemaForm.ts';
import './form.css';

/** The record a page's formData names: its id, null for a new one, undefined when it is not readable. */
export function recordIdOf(formData: string | undefined): number | null | undefined {
  if (!formData) return null;
  try {
    const id = (JSON.parse(formData) as Record<string, unknown> | null)?.id;
    if (id === undefined || id === null || id === '') return null;
    const n = Number(id);
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/** Approval statuses a document may still be changed in: draft, rejected, withdrawn (DOMAIN.md). */
const EDITABLE_STATUSES = ['0', '3', '4'];

function PageForm({ bundle, record, dicts }: { bundle: FormPageBundle; record: Row | null; dicts: Record<string, DictEntry[]> }) {
  const env = useRenderer();
  // A document in approval or approved (a district link to a signed contract) is shown, not edited:
  // the server would refuse the save anyway.
  const locked = !!record && 'approvalStatus' in record && !EDITABLE_STATUSES.includes(String(record.approvalStatus));
  const mode = record ? (locked ? 'view' : 'edit') : 'add';
  const schemaForm = useSchemaForm({ bundle, mode, record, dicts });
  useComponentsOf(schemaForm.schema);
  const title = `${rt(env.language, mode)} · ${schemaText(bundle.texts, bundle.entity.title, env.language)}`;
  const back = bundle.form.page.back;
  return (
    <Card className="schema-form-page" title={title} data-testid={`schema-form-page-${bundle.component}`}>
      <div data-testid="schema-form">
        <FormBody
          form={schemaForm.form}
          schema={schemaForm.schema}
          labelCol={schemaForm.formFile.labelCol}
          layout={schemaForm.formFile.layout}
        />
        {schemaForm.dialogs}
      </div>
      <div className="schema-form-page-footer">
        <Space>
          <Button onClick={() => schemaForm.leave(() => env.leave(back))} data-testid="form-cancel">
            {rt(env.language, mode === 'view' ? 'back' : 'cancel')}
          </Button>
          {mode !== 'view' && (
            <Button
              type="primary"
              loading={schemaForm.busy}
              data-testid="form-ok"
              onClick={() => void schemaForm.save().then((saved) => saved && env.leave(back))}
            >
              {rt(env.language, 'save')}
            </Button>
          )}
        </Space>
      </div>
    </Card>
  );
}

export default function FormPage({ bundle, urlQuery }: { bundle: FormPageBundle; urlQuery: Record<string, string> }) {
  const env = useRenderer();
  const id = recordIdOf(urlQuery.formData);
  const [state, setState] = useState<{ record?: Row | null; dicts?: Record<string, DictEntry[]>; error?: string }>({});

  useEffect(() => {
    let cancelled = false;
    setState({});
    (async () => {
      if (id === undefined) throw new Error(rt(env.language, 'recordMissing'));
      const types = dictTypesOf(bundle.entity);
      const [dicts, answer] = await Promise.all([
        types.length ? env.dicts(types) : Promise.resolve({}),
        id === null ? Promise.resolve(null) : env.fetcher.get<Row>(`${bundle.entity.api}/infoById/${id}`),
      ]);
      if (answer && answer.code !== '0') throw new Error(answer.msg);
      if (!cancelled) setState({ record: answer ? answer.data : null, dicts });
    })().catch((err) => !cancelled && setState({ error: err instanceof Error ? err.message : env.errorText(err) }));
    return () => {
      cancelled = true;
    };
  }, [bundle, id, env.language]);

  if (state.error) return <Result status="warning" title={rt(env.language, 'loadFailed')} subTitle={state.error} />;
  if (state.record === undefined || !state.dicts) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  // A new key per record: the form starts again when the URL names another one.
  return <PageForm key={id ?? 'new'} bundle={bundle} record={state.record} dicts={state.dicts} />;
}
