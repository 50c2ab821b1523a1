// Dialogs a form's save goes through first (spec section 4: "submit proceeds, unless the
// purchase-details or stamp-file dialogs are pending"). A form file lists them as `submitGates`:
//
//   { "key": "purchaseDetails", "title": "…", "hint": "…", "when": "!isEmpty(purchaseId)",
//     "show": { "api": "/purchase/apply", "id": "purchaseId", "lines": "items", "columns": [...], "figures": [...] } }
//   { "key": "stampFile", "title": "…", "hint": "…", "fields": ["draftFiles", "stampKind"], "required": ["draftFiles"] }
//
// On save each gate whose `when` holds opens in turn: `show` reads the document a field refers to
// and shows its figures and lines beside the form's own; `fields` enters some of the form's fields
// (the files to stamp). Confirmed, a gate stays passed for this form; closed, it is pending and the
// save stops before any request. The server checks what it checks either way.
import { useRef, useState, type ReactNode } from 'react';
import type { Form } from '@formily/core';
import { Alert, Descriptions, Modal, Spin, Table } from 'antd';
import { run } from '../../validators/expression/evaluate.ts';
import { useRenderer } from '../context.tsx';
import { thousands } from '../format.ts';
import { rt, schemaText } from '../texts.ts';
import type { DictEntry, FormSchema, PublicEntity } from '../types.ts';
import { buildFormSchema } from './build.ts';
import FormBody from './FormBody.tsx';

export interface SubmitGate {
  key: string;
  title: string;
  hint?: string;
  when?: string;
  fields?: string[];
  required?: string[];
  show?: {
    api: string;
    id: string;
    lines?: string;
    columns?: Array<{ key: string; title: string; filter?: 'money' }>;
    /** Figures of the referred document beside the form's own: [{ key, title, compare? }]. */
    figures?: Array<{ key: string; title: string; compare?: string }>;
  };
}

type Values = Record<string, unknown>;

export function useSubmitGates(
  formFile: FormSchema,
  form: Form,
  entity: PublicEntity,
  texts: Record<string, Record<string, string>>,
  dicts: Record<string, DictEntry[]>,
) {
  const env = useRenderer();
  const passed = useRef(new Set<string>());
  const [open, setOpen] = useState<{ gate: SubmitGate; resolve: (ok: boolean) => void } | null>(null);
  const gates = (formFile.submitGates ?? []) as SubmitGate[];
  const text = (key: string) => schemaText(texts, key, env.language);

  /** Opens each gate that applies and is not passed yet; false as soon as one is left pending. */
  const pass = async (): Promise<boolean> => {
    for (const gate of gates) {
      if (passed.current.has(gate.key)) continue;
      if (gate.when && !run(gate.when, form.values as Values)) continue;
      const ok = await new Promise<boolean>((resolve) => setOpen({ gate, resolve }));
      setOpen(null);
      if (!ok) return false;
      passed.current.add(gate.key);
    }
    return true;
  };

  let view: ReactNode = null;
  if (open) {
    const { gate, resolve } = open;
    const confirm = () => {
      const missing = (gate.required ?? []).filter((n) => {
        const v = (form.values as Values)[n];
        return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
      });
      if (missing.length) {
        const titles = missing.map((n) => text(entity.fields.find((f) => f.name === n)?.title ?? n));
        env.message.error(`${rt(env.language, 'pleaseFill')}${titles.join('、')}`);
        return;
      }
      resolve(true);
    };
    view = (
      <Modal
        open
        title={text(gate.title)}
        width={gate.show ? 900 : 640}
        onOk={confirm}
        onCancel={() => resolve(false)}
        okText={rt(env.language, 'ok')}
        cancelText={rt(env.language, 'cancel')}
        destroyOnHidden
        data-testid={`gate-${gate.key}`}
      >
        <div data-testid={`gate-${gate.key}`}>
          {gate.hint && <Alert type="info" showIcon message={text(gate.hint)} style={{ marginBottom: 16 }} />}
          {gate.show && <GateDocument gate={gate} values={form.values as Values} text={text} />}
          {gate.fields?.length ? (
            <FormBody
              form={form}
              schema={buildFormSchema(
                {
                  entity: formFile.entity,
                  schema: {
                    type: 'object',
                    properties: Object.fromEntries(
                      gate.fields.map((n) => [n, gate.required?.includes(n) ? { required: true } : {}]),
                    ),
                  },
                },
                entity,
                texts,
                env.language,
                dicts,
              )}
              labelCol={5}
            />
          ) : null}
        </div>
      </Modal>
    );
  }
  return { pass, view };
}

/** The referred document's figures beside the form's, and its lines. */
function GateDocument({ gate, values, text }: { gate: SubmitGate; values: Values; text: (k: string) => string }) {
  const env = useRenderer();
  const show = gate.show!;
  const [doc, setDoc] = useState<Values | null | undefined>(undefined);
  const id = values[show.id];
  const loaded = useRef<unknown>(null);
  if (loaded.current !== id) {
    loaded.current = id;
    env.fetcher
      .get<Values>(`${show.api}/infoById/${String(id)}`)
      .then((a) => setDoc(a.code === '0' ? a.data : null))
      .catch(() => setDoc(null));
  }
  if (doc === undefined) return <Spin />;
  if (doc === null) return <Alert type="warning" message={rt(env.language, 'gateDocMissing')} />;
  const lines = (show.lines && Array.isArray(doc[show.lines]) ? doc[show.lines] : []) as Values[];
  return (
    <>
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
        {(show.figures ?? []).map((f) => (
          <Descriptions.Item key={f.key} label={text(f.title)}>
            <span data-testid={`gate-figure-${f.key}`}>{thousands(f.compare ? values[f.compare] : doc[f.key], 2, env.language)}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      {show.lines && (
        <Table
          size="small"
          rowKey={(r) => String(r.id)}
          pagination={false}
          dataSource={lines}
          columns={(show.columns ?? []).map((c) => ({
            key: c.key,
            dataIndex: c.key,
            title: text(c.title),
            align: c.filter === 'money' ? ('right' as const) : undefined,
            render: (v: unknown) => (c.filter === 'money' ? thousands(v, 2, env.language) : String(v ?? '')),
          }))}
        />
      )}
    </>
  );
}
