// Add, edit and view of one row in a dialog: the entity's form through Formily, the same rules the
// server applies, the server's message when it refuses.
import { Modal } from 'antd';
import { useRenderer } from '../context.tsx';
import { rt, schemaText } from '../texts.ts';
import type { DictEntry, FormSchema, PageBundle, Row } from '../types.ts';
import FormBody from './FormBody.tsx';
import { useComponentsOf } from './components.tsx';
import { useSchemaForm, type DialogMode } from './useSchemaForm.ts';

export default function FormDialog({
  bundle,
  mode,
  record,
  initial,
  dicts,
  onClose,
  onSaved,
  form,
  endpoint,
  title,
  ids,
}: {
  bundle: PageBundle;
  mode: DialogMode;
  record: Row | null;
  initial?: Record<string, unknown>;
  dicts: Record<string, DictEntry[]>;
  onClose: () => void;
  onSaved: () => void;
  /** The action's own form file (a role's data scope) instead of the page's. */
  form?: FormSchema;
  /** Where the form posts instead of save / update (authDataScope). */
  endpoint?: string;
  /** The dialog's title when it is an action's own (a payment). */
  title?: string;
  /** The rows a batch action applies to (its inputs once, for all of them). */
  ids?: number[];
}) {
  const env = useRenderer();
  const schemaForm = useSchemaForm({ bundle, mode, record, initial, dicts, form, endpoint, ids });
  useComponentsOf(schemaForm.schema);
  const entityTitle = schemaText(bundle.texts, bundle.entity.title, env.language);
  const submit = async () => {
    if (mode === 'view') return onClose();
    if (await schemaForm.save()) onSaved();
  };

  return (
    <Modal
      open
      title={
        title
          ? `${title} · ${entityTitle}${ids ? ` (${rt(env.language, 'selected', { n: ids.length })})` : ''}`
          : `${rt(env.language, mode)} · ${entityTitle}`
      }
      width={schemaForm.formFile.width ?? 640}
      onOk={() => void submit()}
      onCancel={() => schemaForm.leave(onClose)}
      okText={rt(env.language, 'ok')}
      cancelText={rt(env.language, 'cancel')}
      okButtonProps={{ loading: schemaForm.busy, 'data-testid': 'form-ok' } as never}
      cancelButtonProps={mode === 'view' ? { style: { display: 'none' } } : undefined}
      maskClosable={false}
      destroyOnHidden
    >
      <div data-testid="schema-form" style={{ paddingTop: 8 }}>
        <FormBody
          form={schemaForm.form}
          schema={schemaForm.schema}
          labelCol={schemaForm.formFile.labelCol}
          layout={schemaForm.formFile.layout}
        />
        {schemaForm.dialogs}
      </div>
    </Modal>
  );
}
