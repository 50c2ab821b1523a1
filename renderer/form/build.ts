// A form file (Formily JSON Schema over entity fields) made whole: every property named like an
// entity field takes the field's title, component, validation and choices unless the form says
// otherwise. Linkage stays as {{ expressions }}, compiled by the product's expression language.
import { rt, schemaText } from '../texts.ts';
import type { DictEntry, EntityField, FormSchema, PublicEntity } from '../types.ts';
import { DEFAULT_SCALE, decimalPlaces, MONEY_PATTERN, PHONE_PATTERN, textDecimalPlaces } from '../../validators/formats.ts';
import { invoiceNumberReadable } from '../../validators/invoice.ts';
import { isUscc } from '../../validators/uscc.ts';

type SchemaNode = Record<string, unknown> & { properties?: Record<string, SchemaNode>; items?: SchemaNode };

const COMPONENT: Record<string, string> = {
  string: 'Input',
  text: 'Input.TextArea',
  integer: 'NumberPicker',
  number: 'NumberPicker',
  money: 'MoneyInput',
  date: 'DatePicker',
  datetime: 'DatePicker',
  boolean: 'Switch',
  dict: 'Select',
  ref: 'RefSelect',
  refs: 'RefSelect',
  json: 'Input.TextArea',
  files: 'FileUpload',
};

const TYPE: Record<string, string> = {
  string: 'string',
  text: 'string',
  integer: 'number',
  number: 'number',
  money: 'string',
  date: 'string',
  datetime: 'string',
  boolean: 'boolean',
  dict: 'string',
  ref: 'number',
  refs: 'array',
  json: 'object',
  files: 'array',
};

/**
 * A money amount's limit. Amounts are text (exact decimals), and Formily's own minimum / maximum
 * compare a text's length, so the amount is compared as a number here (the server compares cents).
 */
function moneyLimit(limit: number, below: boolean, language: string): Record<string, unknown> {
  const message = rt(language, below ? 'minimum' : 'maximum').replace(/\{\{(minimum|maximum)\}\}/, String(limit));
  return {
    validator: (value: unknown) => {
      if (value === null || value === undefined || value === '') return true;
      const n = Number(value);
      if (Number.isNaN(n)) return true; // the money pattern says so
      return below ? n >= limit : n <= limit;
    },
    message,
  };
}

/** Exact decimals, two places at most: an entity's money field and any other MoneyInput (a line's amount). */
const moneyRule = (language: string) => ({ pattern: MONEY_PATTERN, message: rt(language, 'money') });

/**
 * A number field's decimal places, as the server counts them (validators/ajv.ts x-decimals): at most
 * its scale (default 2). More are refused before the request, never rounded — the number box has no
 * precision of its own that would round 1.005 to 1.01 on blur.
 */
function decimalsRule(scale: number, language: string): Record<string, unknown> {
  return {
    validator: (value: unknown) => {
      if (value === null || value === undefined || value === '') return true;
      const places = typeof value === 'number' ? decimalPlaces(value) : textDecimalPlaces(String(value).trim());
      return places === null || places <= scale;
    },
    message: scale === 0 ? rt(language, 'integer') : rt(language, 'decimals', { limit: scale }),
  };
}

function validators(f: EntityField, language: string): Array<Record<string, unknown>> {
  const rules: Array<Record<string, unknown>> = [];
  // A required text of spaces alone is empty, as the server says ('required', docs/decisions.md).
  if (f.required && (f.type === 'string' || f.type === 'text' || f.type === 'dict'))
    rules.push({ whitespace: true, message: rt(language, 'required') });
  if (f.maxLength) rules.push({ maxLength: f.maxLength });
  if (f.minLength) rules.push({ minLength: f.minLength });
  if (f.pattern) rules.push({ pattern: f.pattern });
  if (f.type === 'money') {
    if (f.minimum !== undefined) rules.push(moneyLimit(f.minimum, true, language));
    if (f.maximum !== undefined) rules.push(moneyLimit(f.maximum, false, language));
  } else {
    if (f.minimum !== undefined) rules.push({ minimum: f.minimum });
    if (f.maximum !== undefined) rules.push({ maximum: f.maximum });
  }
  if (f.type === 'integer') rules.push({ format: 'integer' });
  if (f.type === 'number') rules.push(decimalsRule(f.scale ?? DEFAULT_SCALE, language));
  if (f.type === 'money') rules.push(moneyRule(language));
  if (f.format === 'email') rules.push({ format: 'email' });
  if (f.format === 'uri') rules.push({ format: 'url' });
  if (f.format === 'ipv4') rules.push({ format: 'ipv4' });
  if (f.format === 'phone') rules.push({ pattern: PHONE_PATTERN, message: rt(language, 'phone') });
  // A tax id: 18 characters with the GB 32100-2015 check character, as the server checks it (validators/uscc.ts).
  if (f.format === 'uscc')
    rules.push({
      validator: (value: unknown) => value === null || value === undefined || value === '' || isUscc(value),
      message: rt(language, 'uscc'),
    });
  // An invoice's number in the site's register: read as the server reads it (validators/invoice.ts).
  if (f.invoice)
    rules.push({
      validator: (value: unknown) => value === null || value === undefined || value === '' || invoiceNumberReadable(value),
      message: rt(language, 'invoiceNumber'),
    });
  return rules;
}

const asList = (rules: unknown): unknown[] => (Array.isArray(rules) ? rules : rules ? [rules] : []);

function fieldSchema(
  f: EntityField,
  node: SchemaNode,
  texts: FormSchema['schema'] extends never ? never : Record<string, Record<string, string>>,
  language: string,
  dicts: Record<string, DictEntry[]>,
): SchemaNode {
  const props: Record<string, unknown> = {};
  // A limit is counted, never enforced by cutting: the native maxLength silently drops the end of
  // a pasted text, and the limit's message (spec section 5: '请控制在50个字符以内') never shows.
  if ((f.type === 'string' || f.type === 'text') && f.maxLength) props.count = { show: !f.writeOnly, max: f.maxLength };
  if (f.type === 'text') props.rows = 3;
  if (f.type === 'datetime') Object.assign(props, { showTime: true, format: 'YYYY-MM-DD HH:mm:ss' });
  // No precision on a whole-number box: antd's would round 1.5 to 2 on blur and send that; the
  // integer rule refuses 1.5 instead, as the server does (issue 31: refused, never rounded).
  if (f.type === 'dict') props.allowClear = !f.required;
  if (f.type === 'files' && f.maxFiles) props.maxFiles = f.maxFiles;
  if (f.writeOnly) props.autoComplete = 'new-password';
  if (f.type === 'ref' || f.type === 'refs')
    Object.assign(props, {
      api: f.refApi,
      display: f.refDisplay,
      pick: f.refPick,
      tree: f.refTree,
      access: f.refKey,
      multiple: f.type === 'refs',
      // The rows that fit (an indicator of the document's classes), the picker's columns in the
      // reader's words (a dictionary's values by their labels) and how it searches.
      ...(f.refPrefix ? { prefix: f.refPrefix } : {}),
      ...(f.refSearch ? { searchAs: f.refSearch } : {}),
      ...(f.refColumns?.length
        ? {
            columns: f.refColumns.map((c) => ({
              field: c.field,
              title: schemaText(texts, c.title, language),
              type: c.type,
              ...(c.dict ? { labels: Object.fromEntries((dicts[c.dict] ?? []).map((d) => [d.dictValue, d.dictLabel])) } : {}),
            })),
          }
        : {}),
    });
  const base: SchemaNode = {
    type: TYPE[f.type],
    title: schemaText(texts, f.title, language),
    required: f.required,
    'x-decorator': 'FormItem',
    // A secret (writeOnly) is typed into a password box and never shown.
    'x-component': f.writeOnly && f.type === 'string' ? 'Password' : f.refTree ? 'RefTree' : COMPONENT[f.type],
    'x-component-props': props,
    'x-validator': validators(f, language),
  };
  if (f.default !== undefined) base.default = f.default;
  if (f.type === 'files' && f.required) {
    // Spec section 5: the optional required rule of an upload reads '请上传{label}'. The field
    // stays required: Formily's required=false would switch this rule off.
    base['x-validator'] = [
      ...validators(f, language),
      { required: true, message: rt(language, 'uploadRequired', { label: String(base.title) }) },
    ];
  }
  // A dict field's pattern narrows the dictionary to the values the server takes.
  if (f.type === 'dict' && f.dict)
    base.enum = (dicts[f.dict] ?? [])
      .filter((d) => !f.pattern || new RegExp(f.pattern).test(d.dictValue))
      .map((d) => ({ label: d.dictLabel, value: d.dictValue }));
  if (f.readOnly) base['x-read-pretty'] = true;
  const merged: SchemaNode = { ...base, ...node };
  merged['x-component-props'] = { ...props, ...((node['x-component-props'] as object) ?? {}) };
  if (typeof node.title === 'string') merged.title = schemaText(texts, node.title, language);
  if (typeof node.description === 'string') merged.description = schemaText(texts, node.description, language);
  withMessages(merged, node, texts, language);
  return merged;
}

/**
 * A form's own messages for a field's rules (spec section 5 words them: '请输入标题',
 * '请控制在50个字符以内'...): `"x-messages": { "required": key, "maxLength": key }`.
 */
function withMessages(out: SchemaNode, node: SchemaNode, texts: Record<string, Record<string, string>>, language: string) {
  const messages = node['x-messages'] as Record<string, string> | undefined;
  delete out['x-messages'];
  if (!messages) return;
  const text = (k: string) => schemaText(texts, k, language);
  const rules = ((out['x-validator'] as Array<Record<string, unknown>> | undefined) ?? []).map((r) => {
    // Spaces alone in a required field read as the field's own 'required' words.
    const rule = Object.keys(r).find((k) => k !== 'message' && messages[k === 'whitespace' ? 'required' : k]);
    return rule ? { ...r, message: text(messages[rule === 'whitespace' ? 'required' : rule]!) } : r;
  });
  if (messages.required && out.required) {
    rules.unshift({ required: true, message: text(messages.required) });
  }
  out['x-validator'] = rules;
}

/** Where a text is typed: spaces alone there are no value. */
const TYPED = new Set(['Input', 'Input.TextArea', 'Password']);

/**
 * A required text refuses spaces alone, whoever makes it required: the entity, the form, or an
 * action's inputs (a cancellation's reason) — as the server does (x-notBlank), in the same words.
 */
function refusingBlank(node: SchemaNode, language: string): SchemaNode {
  if (node.required !== true || !TYPED.has(String(node['x-component']))) return node;
  const rules = asList(node['x-validator']) as Array<Record<string, unknown>>;
  if (rules.some((r) => r.whitespace)) return node;
  const message = rules.find((r) => r.required && typeof r.message === 'string')?.message ?? rt(language, 'required');
  return { ...node, 'x-validator': [{ whitespace: true, message }, ...rules] };
}

/** Props that are words on screen may name texts (i18n keys) like titles do. */
const WORD_PROPS = ['title', 'placeholder', 'tooltip', 'root', 'addonBefore', 'addonAfter'];

function translateNode(node: SchemaNode, texts: Record<string, Record<string, string>>, language: string): SchemaNode {
  const out = { ...node };
  for (const key of ['x-component-props', 'x-decorator-props']) {
    const props = out[key] as Record<string, unknown> | undefined;
    if (!props) continue;
    out[key] = Object.fromEntries(
      Object.entries(props).map(([k, v]) => [
        k,
        WORD_PROPS.includes(k) && typeof v === 'string'
          ? schemaText(texts, v, language)
          : // A picker's columns are titled by text keys too (an instalment's date, amount, what is left).
            k === 'columns' && Array.isArray(v)
            ? v.map((c) =>
                c && typeof c === 'object' && typeof (c as { title?: unknown }).title === 'string'
                  ? { ...(c as object), title: schemaText(texts, (c as { title: string }).title, language) }
                  : c,
              )
            : v,
      ]),
    );
  }
  if (Array.isArray(out.enum)) {
    out.enum = (out.enum as Array<unknown>).map((e) =>
      e && typeof e === 'object' && typeof (e as { label?: unknown }).label === 'string'
        ? { ...(e as object), label: schemaText(texts, (e as { label: string }).label, language) }
        : e,
    );
  }
  if (Array.isArray(out['x-validator'])) {
    out['x-validator'] = (out['x-validator'] as Array<Record<string, unknown>>).map((r) =>
      typeof r.message === 'string' && texts[r.message] ? { ...r, message: schemaText(texts, r.message, language) } : r,
    );
  }
  return out;
}

/** Sub-table controls that only change the lines: nothing to show when the form is read. */
const EDITING_ONLY = new Set([
  'ArrayTable.Addition',
  'ArrayTable.Remove',
  'ArrayTable.MoveUp',
  'ArrayTable.MoveDown',
  'ArrayTable.SortHandle',
  'ArrayTable.Copy',
  'ArrayTable.Import',
  'ArrayTable.Pick',
  // A line's figure for the one typing it (LineFigure.tsx): read, the server's own figures show.
  'LineFigure',
]);

/**
 * Whether a node shows in this mode. Read (view, approval, print preview): a sub-table's add,
 * remove and move controls go, with a column that held only them. Edited: a column marked
 * `readPrettyOnly` (figures the server records with each line, such as the available amount when
 * an adjustment was filed) goes, as a new line has none yet.
 */
function shownIn(node: SchemaNode, readPretty: boolean): boolean {
  const component = node['x-component'];
  if (readPretty) {
    if (typeof component === 'string' && EDITING_ONLY.has(component)) return false;
    if (component === 'ArrayTable.Column' && node.properties) {
      const inside = Object.values(node.properties as Record<string, SchemaNode>);
      if (inside.length && inside.every((p) => EDITING_ONLY.has(String(p['x-component'])))) return false;
    }
    return true;
  }
  return !(node['x-component-props'] as { readPrettyOnly?: boolean } | undefined)?.readPrettyOnly;
}

/**
 * A sub-table's title above it, as Frappe's child tables have it: the table takes the form's whole
 * width, where beside a label column it squeezed the columns a form file gives widths (a form file's
 * own `x-decorator-props` say otherwise).
 */
function titleAbove(node: SchemaNode): SchemaNode {
  const own = (node['x-decorator-props'] ?? {}) as { layout?: string };
  const above = (own.layout ?? 'vertical') === 'vertical';
  return { ...node, 'x-decorator-props': { layout: 'vertical', ...(above ? { colon: false } : {}), ...own } };
}

/** A "choose rows" node's column titles and dictionary words in the reader's language. */
function pickInLanguage(
  node: SchemaNode,
  texts: Record<string, Record<string, string>>,
  language: string,
  dicts: Record<string, DictEntry[]>,
): SchemaNode {
  const props = (node['x-component-props'] ?? {}) as { columns?: Array<{ field: string; title?: string; dict?: string }> };
  const columns = (props.columns ?? []).map(({ dict, ...c }) => ({
    ...c,
    title: schemaText(texts, c.title ?? c.field, language),
    ...(dict ? { filter: 'dict', labels: Object.fromEntries((dicts[dict] ?? []).map((d) => [d.dictValue, d.dictLabel])) } : {}),
  }));
  return { ...node, 'x-component-props': { ...props, columns } };
}

/** The Formily schema of a form, for the entity, in the language; `readPretty` when it is only read. */
export function buildFormSchema(
  form: FormSchema,
  entity: PublicEntity,
  texts: Record<string, Record<string, string>>,
  language: string,
  dicts: Record<string, DictEntry[]>,
  readPretty = false,
  /** Fields entered here though read-only in the edit form (a state action's inputs). */
  inputs: ReadonlySet<string> = new Set(),
): SchemaNode {
  // An action's form enters its inputs only: the document's other fields are shown, not edited; a
  // line's input is named `<lines>.<field>` (an acceptance's result per purchased item).
  const fieldsOf = (e: PublicEntity, prefix = '') =>
    new Map(e.fields.map((f) => [f.name, inputs.size ? { ...f, readOnly: !inputs.has(`${prefix}${f.name}`) } : f]));
  const top = fieldsOf(entity);
  const walk = (node: SchemaNode, key?: string, fields = top): SchemaNode => {
    // A document's line collection: its lines' columns are the line entity's fields.
    const lines = key && fields === top ? entity.lines?.[key] : undefined;
    if (lines) {
      const lineFields = fieldsOf(lines.entity, `${key}.`);
      let out: SchemaNode = translateNode(
        titleAbove({ ...node, title: schemaText(texts, String(node.title ?? lines.title), language) }),
        texts,
        language,
      );
      if (node.properties) {
        const kept = Object.entries(node.properties).filter(([, v]) => shownIn(v, readPretty));
        // Lines from an xlsx go to the document's reader of this collection.
        const withUrl = (v: SchemaNode): SchemaNode =>
          v['x-component'] === 'ArrayTable.Import'
            ? { ...v, 'x-component-props': { ...(v['x-component-props'] as object), url: `${entity.api}/lines/${key}/import` } }
            : v['x-component'] === 'ArrayTable.Pick'
              ? pickInLanguage(v, texts, language, dicts)
              : v;
        out = { ...out, properties: Object.fromEntries(kept.map(([k, v]) => [k, walk(withUrl(v), k, lineFields)])) };
      }
      if (node.items && typeof node.items === 'object') out = { ...out, items: walk(node.items, undefined, lineFields) };
      return out;
    }
    const field = key ? fields.get(key) : undefined;
    // A total of a line collection follows its lines as they are typed (the server makes it again).
    // Several collections may add into one total (a claim's lines and its allowances); a sum of only
    // some lines (`when`) is the server's alone.
    const sumsOf =
      field && fields === top && !node['x-reactions']
        ? Object.entries(entity.lines ?? {}).filter(([, l]) => typeof l.sum?.[field.name] === 'string')
        : [];
    if (sumsOf.length) {
      const terms = sumsOf.map(([, l], i) => `sum($deps[${i}], '${l.sum![field!.name]}')`).join(' + ');
      node = {
        ...node,
        'x-reactions': {
          dependencies: sumsOf.map(([member]) => member),
          fulfill: { state: { value: `{{string(round(${terms}, 2))}}` } },
        },
      };
    }
    let out: SchemaNode = field && node.type !== 'void' ? fieldSchema(field, node, texts, language, dicts) : { ...node };
    // A line's cell sits under its column's title: no label of its own. Nor a character count: in a
    // narrow column the count would take the input's room (the limit still turns it red and says so).
    if (field && fields !== top && node.title === undefined) delete out.title;
    if (field && fields !== top) {
      const cell = out['x-component-props'] as { count?: { show?: boolean; max?: number } } | undefined;
      if (cell?.count) out['x-component-props'] = { ...cell, count: { ...cell.count, show: false } };
      // Nor a form item's layout: the control and its message (LinesTable.tsx).
      if (out['x-decorator'] === 'FormItem' && !node['x-decorator']) out['x-decorator'] = 'LineCell';
    }
    if (!field && typeof node.title === 'string') out.title = schemaText(texts, node.title, language);
    if (!field && typeof node.description === 'string') out.description = schemaText(texts, node.description, language);
    if (!field) withMessages(out, node, texts, language);
    // An amount that is no field of the entity (a sub-table line's) is still an amount.
    if (!field && out['x-component'] === 'MoneyInput') {
      const own = out['x-validator'];
      out['x-validator'] = [...(Array.isArray(own) ? own : own ? [own] : []), moneyRule(language)];
    }
    if (out['x-component'] === 'ArrayTable') out = titleAbove(out);
    out = translateNode(out, texts, language);
    out = refusingBlank(out, language);
    const props = out['x-component-props'] as Record<string, unknown> | undefined;
    if (props && 'readPrettyOnly' in props) {
      const { readPrettyOnly: _marker, ...rest } = props;
      out['x-component-props'] = rest;
    }
    if (node.properties) {
      const kept = Object.entries(node.properties as Record<string, SchemaNode>).filter(([, v]) => shownIn(v, readPretty));
      out = { ...out, properties: Object.fromEntries(kept.map(([k, v]) => [k, walk(v, k, fields)])) };
    }
    if (node.items && typeof node.items === 'object') out = { ...out, items: walk(node.items, undefined, fields) };
    return out;
  };
  return walk(form.schema as unknown as SchemaNode);
}

/** A form for an entity that has no form file: every writable field in one column. */
export function defaultForm(entity: PublicEntity): FormSchema {
  const properties = Object.fromEntries(entity.fields.filter((f) => !f.readOnly && f.type !== 'json').map((f) => [f.name, {}]));
  return {
    entity: entity.name,
    schema: {
      type: 'object',
      properties: {
        grid: { type: 'void', 'x-component': 'FormGrid', 'x-component-props': { maxColumns: 1, minColumns: 1 }, properties },
      },
    },
  };
}
