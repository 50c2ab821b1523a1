// What every view of the calendar page kind (week, day, team) does with the entity's documents: a
// block's colours by its dictionary class, the form as a dialog to add one over chosen time or to view
// one, and a block's "view" and "process" buttons.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Button, Space } from 'antd';
import { useRenderer } from '../context.tsx';
import { rt } from '../texts.ts';
import type { CalendarPageBundle, DictEntry, PageBundle, Row } from '../types.ts';

const FormDialog = lazy(() => import('../form/FormDialog.tsx'));

/** A block's left border and tint by the dictionary class of its colour field's value. */
export const BLOCK_COLORS: Record<string, string> = {
  primary: '#1677ff',
  success: '#389e0d',
  info: '#8c8c8c',
  warning: '#d48806',
  danger: '#cf1322',
  default: '#595959',
};

export function useCalendarDocuments(bundle: CalendarPageBundle, dicts: Record<string, DictEntry[]>, onAdded: () => void) {
  const env = useRenderer();
  const { entity } = bundle;
  const [adding, setAdding] = useState<Record<string, unknown> | null>(null);
  const [viewing, setViewing] = useState<Row | null>(null);
  const dialogBundle = useMemo(
    () =>
      ({
        component: bundle.component,
        kind: 'list',
        list: { entity: entity.name, columns: [] },
        form: bundle.form,
        entity,
        texts: bundle.texts,
      }) as unknown as PageBundle,
    [bundle],
  );
  const viewDoc = async (id: number) => {
    const answer = await env.fetcher.get<Row>(`${entity.api}/infoById/${id}`);
    if (answer.code !== '0') env.message.error(answer.msg);
    else setViewing(answer.data);
  };
  /** A block's buttons in its popover: the document, and its approval when the entity has a process. */
  const actions = (id: number): ReactNode => (
    <Space style={{ marginTop: 8 }}>
      <Button size="small" onClick={() => void viewDoc(id)}>
        {rt(env.language, 'view')}
      </Button>
      {bundle.process && (
        <Button size="small" onClick={() => env.navigate(`/approval/${entity.name}/${id}`)}>
          {rt(env.language, 'process')}
        </Button>
      )}
    </Space>
  );
  const dialogs = (
    <Suspense fallback={null}>
      {adding && (
        <FormDialog
          bundle={dialogBundle}
          mode="add"
          record={null}
          initial={adding}
          dicts={dicts}
          onClose={() => setAdding(null)}
          onSaved={() => {
            setAdding(null);
            onAdded();
          }}
        />
      )}
      {viewing && (
        <FormDialog
          bundle={dialogBundle}
          mode="view"
          record={viewing}
          dicts={dicts}
          onClose={() => setViewing(null)}
          onSaved={() => setViewing(null)}
        />
      )}
    </Suspense>
  );
  return { setAdding, actions, dialogs };
}
