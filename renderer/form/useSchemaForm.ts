// One record's form, wherever it shows (a dialog, a full page): Formily's form from the entity's form
// file, the meeting-record rule, and the save that sends what the server takes and shows its answer.
import { useMemo, useRef, useState } from 'react';
import { createForm, onFieldChange } from '@formily/core';
import { useRenderer } from '../context.tsx';
import { rt } from '../texts.ts';
import { showOneTimePasswords } from '../oneTimePasswords.tsx';
import type { DictEntry, FormSchema, PageBundle, PublicEntity, Row } from '../types.ts';
import { buildFormSchema, defaultForm } from './build.ts';
import { meetingEffects, meetingSettings, meetingSubmitCheck, withMeetingSection } from './meeting.ts';
import { useSubmitGates } from './SubmitGates.tsx';

export type DialogMode = 'add' | 'edit' | 'view';

/** Formily's sub-tables number their rows in the rows themselves (ArrayTable's row key). */
const ROW_INDEX = '__DO_NOT_USE_THIS_PROPERTY_index__';

/** A value as the user gave it, without what the form library wrote into it. */
function onlyFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(onlyFields);
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== ROW_INDEX)
      .map(([k, v]) => [k, onlyFields(v)]),
  );
}

/** Empty optional values travel as null, not as '' that a pattern would refuse. */
function cleanRow(
  values: Record<string, unknown>,
  entity: PublicEntity,
  formOnly: ReadonlySet<string>,
  inputs: ReadonlySet<string>,
) {
  const out: Record<string, unknown> = {};
  const fields = new Map(entity.fields.map((f) => [f.name, f]));
  for (const [k, v] of Object.entries(values)) {
    const f = fields.get(k);
    if (formOnly.has(k) && v !== undefined && v !== '') out[k] = v;
    // A document's lines go with it, each line cleaned like a row of its entity (a kept line keeps its id).
    const lines = entity.lines?.[k];
    if (lines && Array.isArray(v)) {
      out[k] = v.map((line: Record<string, unknown>) => ({
        ...cleanRow(line ?? {}, lines.entity, new Set(), new Set()),
        ...(typeof line?.id === 'number' ? { id: line.id } : {}),
      }));
      continue;
    }
    if (!f || (f.readOnly && !inputs.has(k))) continue;
    out[k] = v === '' && !f.required ? null : v;
  }
  return out;
}

/**
 * What a form sends: its entity's writable fields (empty optional ones as null), the inputs it
 * declares beyond them, and the document's lines; a state action's form sends only the action's inputs.
 */
export function cleanValues(
  values: Record<string, unknown>,
  bundle: Pick<PageBundle, 'entity'>,
  formOnly: ReadonlySet<string> = new Set(),
  inputs?: ReadonlySet<string>,
): Record<string, unknown> {
  return onlyFields(fieldsOf(values, bundle, formOnly, inputs)) as Record<string, unknown>;
}

function fieldsOf(
  values: Record<string, unknown>,
  bundle: Pick<PageBundle, 'entity'>,
  formOnly: ReadonlySet<string>,
  inputs?: ReadonlySet<string>,
): Record<string, unknown> {
  if (!inputs) return withExtendFileLists(cleanRow(values, bundle.entity, formOnly, new Set()), bundle.entity);
  const out = cleanRow(values, bundle.entity, new Set(), inputs);
  const sent: Record<string, unknown> = Object.fromEntries(Object.entries(out).filter(([k]) => inputs.has(k)));
  // Inputs per line (`items.acceptResult`): each line by its id with those values only.
  for (const [member, lines] of Object.entries(bundle.entity.lines ?? {})) {
    const names = [...inputs].filter((n) => n.startsWith(`${member}.`)).map((n) => n.slice(member.length + 1));
    const rows = values[member];
    if (!names.length || !Array.isArray(rows)) continue;
    const fields = new Map(lines.entity.fields.map((f) => [f.name, f]));
    sent[member] = rows.map((line: Record<string, unknown>) => ({
      id: line?.id,
      ...Object.fromEntries(
        names.map((n) => {
          const v = line?.[n];
          return [n, v === '' || v === undefined ? (fields.get(n)?.required ? v : null) : v];
        }),
      ),
    }));
  }
  return sent;
}

/**
 * File lists travel as spec section 3 has them: a JSON string under extend.<field> (the saved
 * entries with their upload's `response`); the server reads them there.
 */
function withExtendFileLists(row: Record<string, unknown>, entity: PublicEntity): Record<string, unknown> {
  const lists = entity.fields.filter((f) => f.type === 'files' && !f.readOnly && f.name in row);
  if (!lists.length) return row;
  const out = { ...row };
  const extend: Record<string, string> = {};
  for (const f of lists) {
    const v = out[f.name];
    delete out[f.name];
    extend[f.name] = JSON.stringify(Array.isArray(v) ? v : []);
  }
  return { ...out, extend };
}

/** Inputs a form declares beyond the entity's fields (a new account's password): sent as typed. */
export function formOnlyInputs(form: FormSchema, bundle: Pick<PageBundle, 'entity'>): Set<string> {
  const fields = new Set(bundle.entity.fields.map((f) => f.name));
  const out = new Set<string>();
  const walk = (node: { properties?: Record<string, unknown> }) => {
    for (const [k, v] of Object.entries(node.properties ?? {})) {
      const child = v as { type?: string; 'x-component'?: string; properties?: Record<string, unknown> };
      if (child.type === 'void') walk(child);
      else if (!fields.has(k) && child['x-component']) out.add(k);
    }
  };
  walk(form.schema as never);
  return out;
}

/** File lists arrive as JSON strings under extend.<field>; the form edits them as lists. */
export function withFileLists(record: Row, bundle: { entity: PublicEntity }): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  const extend = (record.extend ?? {}) as Record<string, unknown>;
  for (const f of bundle.entity.fields.filter((x) => x.type === 'files')) {
    const raw = extend[f.name];
    try {
      out[f.name] = typeof raw === 'string' && raw ? JSON.parse(raw) : [];
    } catch {
      out[f.name] = [];
    }
  }
  return out;
}

/** An action's inputs not yet given start from their form's defaults (a payment by bank transfer). */
function withoutEmptyInputs(values: Record<string, unknown>, inputs: ReadonlySet<string> | undefined) {
  if (!inputs) return values;
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => !inputs.has(k) || (v !== null && v !== undefined)));
}

export interface SchemaFormOptions {
  bundle: Pick<PageBundle, 'entity' | 'form' | 'texts'>;
  mode: DialogMode;
  record: Row | null;
  initial?: Record<string, unknown>;
  dicts: Record<string, DictEntry[]>;
  /** The action's own form file (a role's data scope) instead of the page's. */
  form?: FormSchema;
  /** Where the form posts instead of save / update (authDataScope, a payment). */
  endpoint?: string;
  /** Rows a batch action applies to: the inputs go once with their ids. */
  ids?: number[];
}

export function useSchemaForm({ bundle, mode, record, initial, dicts, form: ownForm, endpoint, ids }: SchemaFormOptions) {
  const env = useRenderer();
  const [busy, setBusy] = useState(false);
  // The meeting-record section belongs to the document's own save: an action's form (a payment, a
  // data scope) neither shows it nor asks for minutes.
  const formFile = useMemo(() => {
    const own = ownForm ?? bundle.form ?? defaultForm(bundle.entity);
    return endpoint ? own : withMeetingSection(own, bundle.entity, env.language);
  }, [bundle, ownForm, env.language, endpoint]);
  const formOnly = useMemo(() => formOnlyInputs(formFile, bundle), [formFile, bundle]);
  // A state action's form (a payment): its inputs are entered though read-only elsewhere, and sent alone.
  const inputs = useMemo(() => {
    const names = endpoint ? bundle.entity.inputs?.[endpoint] : undefined;
    return names ? new Set(names) : undefined;
  }, [endpoint, bundle]);
  const meeting = useMemo(
    () => (endpoint ? null : meetingSettings(formFile, bundle.entity, env.siteConfig)),
    [formFile, bundle, env.siteConfig, endpoint],
  );
  // A live reload (a new definition of the same page, issue 35) makes a new form: what was typed in
  // the open one is carried over, for the same record in the same mode.
  const previous = useRef<{
    form: { values: unknown };
    record: Row | null;
    mode: DialogMode;
    initial?: Record<string, unknown>;
  } | null>(null);
  const form = useMemo(() => {
    const last = previous.current;
    const carried =
      last && last.record === record && last.mode === mode && last.initial === initial
        ? (JSON.parse(JSON.stringify(last.form.values)) as Record<string, unknown>)
        : undefined;
    const made = createForm({
      initialValues: record ? withoutEmptyInputs(withFileLists(record, bundle), inputs) : (initial ?? {}),
      ...(carried ? { values: carried } : {}),
      readPretty: mode === 'view',
      effects: () => {
        meetingEffects(meeting)();
        // A value the user can no longer see does not come back when its field shows again
        // (spec section 5: unticking a range clears its selection; ticking it again starts empty).
        onFieldChange('*', ['display'], (field) => {
          const caches = (field as unknown as { caches?: { value?: unknown } }).caches;
          if (field.display === 'none' && caches) caches.value = undefined;
        });
      },
    });
    previous.current = { form: made, record, mode, initial };
    return made;
  }, [record, initial, mode, meeting, inputs]);
  // A stored record's set-once fields (an asset card's keeper, moved by transfer documents) are shown, not edited.
  const entity = useMemo(
    () =>
      mode === 'edit' && bundle.entity.fields.some((f) => f.setOnce)
        ? { ...bundle.entity, fields: bundle.entity.fields.map((f) => (f.setOnce ? { ...f, readOnly: true } : f)) }
        : bundle.entity,
    [bundle, mode],
  );
  const schema = useMemo(
    () => buildFormSchema(formFile, entity, bundle.texts, env.language, dicts, mode === 'view', inputs),
    [formFile, entity, bundle.texts, env.language, dicts, mode, inputs],
  );

  const gates = useSubmitGates(formFile, form, bundle.entity, bundle.texts, dicts);

  /** Validates, asks what the meeting-record rule asks, posts; true when the server saved it. */
  const save = async (): Promise<boolean> => {
    try {
      await form.validate();
    } catch {
      return false;
    }
    // The purchase-details and stamp-file dialogs first: one left pending stops the save here.
    if (!(await gates.pass())) {
      env.message.warning(rt(env.language, 'pendingDialog'));
      return false;
    }
    const check = meetingSubmitCheck(form.values as Record<string, unknown>, meeting);
    if (check === 'required') {
      env.message.error(rt(env.language, 'meetingRequired'));
      return false;
    }
    if (check === 'confirm') {
      const go = await new Promise<boolean>((resolve) =>
        env.modal.confirm({
          title: rt(env.language, 'meetingSection'),
          content: rt(env.language, 'meetingConfirm'),
          okText: rt(env.language, 'ok'),
          cancelText: rt(env.language, 'cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        }),
      );
      if (!go) return false;
    }
    setBusy(true);
    try {
      const body = cleanValues(form.values as Record<string, unknown>, bundle, formOnly, inputs);
      if (record) Object.assign(body, { id: record.id, version: record.version });
      if (ids) Object.assign(body, { ids });
      const answer = await env.fetcher.post(`${bundle.entity.api}/${endpoint ?? (record ? 'update' : 'save')}`, body);
      if (answer.code !== '0') {
        env.message.error(answer.msg);
        return false;
      }
      // An action of its own (release a warning, set a data scope) says what it did; a new
      // account's one-time password is shown this once.
      if (!showOneTimePasswords(env, answer)) env.message.success(endpoint ? answer.msg : rt(env.language, 'saved'));
      return true;
    } catch (err) {
      // Spec section 8: a save that fails without an answer reads '系统错误，请稍后再试'; an answer
      // with a message (a non-zero code, a refused upload size) shows the server's message.
      const answer = (err as { response?: { data?: { msg?: unknown } } }).response?.data;
      env.message.error(typeof answer?.msg === 'string' && answer.msg ? answer.msg : rt(env.language, 'saveFailed'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  // Escape, the dialog's ×, Cancel, a page's back: what the user typed goes only when they say so.
  const leave = (go: () => void) => {
    if (!form.modified) return go();
    env.modal.confirm({
      title: rt(env.language, 'discardTitle'),
      content: rt(env.language, 'discardContent'),
      okText: rt(env.language, 'discard'),
      okButtonProps: { danger: true, 'data-testid': 'form-discard' } as never,
      cancelText: rt(env.language, 'keepEditing'),
      onOk: go,
    });
  };
  return { form, schema, formFile, busy, save, leave, dialogs: gates.view };
}
