// The components a form schema may name (x-component / x-decorator): @formily/antd-v5's bridges
// plus the product's own fields. Those every form has are here; the others (a sub-table, dates,
// uploads, reference pickers, tabs…) bring heavy code and load when a schema first names them, so
// a form loads what it shows and a list loads none of it until a dialog opens.
import {
  forwardRef,
  Suspense,
  useContext,
  useMemo,
  useRef,
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { connect, createSchemaField, mapProps, mapReadPretty, type SchemaReactComponents } from '@formily/react';
import { FormItem, FormLayout, NumberPicker, Password, PreviewText, Select, Space } from '@formily/antd-v5';
import { Input as AntInput, type InputProps, type InputRef } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { deferred } from './deferredBox.tsx';
import { FormGrid } from './FormGrid.tsx';
import { thousands } from '../format.ts';
import { RendererContext } from '../context.tsx';

/** The reader's language for a read-only figure (its separators); outside a renderer, none. */
const useLanguage = () => useContext(RendererContext)?.language;

/**
 * Text boxes as @formily/antd-v5's Input and TextArea (a spinner while the field checks), each key
 * shown at once and handed to the form after the paint (deferredBox.tsx).
 */
const Input = Object.assign(
  connect(
    deferred(AntInput),
    mapProps((props: { suffix?: ReactNode }, field) => ({
      ...props,
      suffix: (
        <span>
          {(field as { loading?: boolean; validating?: boolean } | undefined)?.loading ||
          (field as { validating?: boolean } | undefined)?.validating ? (
            <LoadingOutlined />
          ) : (
            props.suffix
          )}
        </span>
      ),
    })),
    mapReadPretty(PreviewText.Input),
  ),
  { TextArea: connect(deferred(AntInput.TextArea), mapReadPretty(PreviewText.Input)) },
);

/** An amount that is zero ('0', '0.00'): entering its box selects it, so what is typed replaces it. */
const ZERO = /^0+(\.0*)?$/;
const AmountBox = deferred(AntInput);

/** The amount's box. A click into one showing 0.00 put the caret before it: 450 typed became 4500.00. */
const MoneyBox = forwardRef<InputRef, InputProps>(function MoneyBox(props, ref) {
  // Selected on entering, until a key or the click that entered it, whose mouseup would put the
  // caret back where the pointer is.
  const selected = useRef(false);
  return (
    <AmountBox
      {...props}
      ref={ref}
      inputMode="decimal"
      style={{ textAlign: 'right', ...props.style }}
      onFocus={(e: FocusEvent<HTMLInputElement>) => {
        if (ZERO.test(e.target.value)) {
          e.target.select();
          selected.current = true;
        }
        props.onFocus?.(e);
      }}
      onMouseUp={(e: MouseEvent<HTMLInputElement>) => {
        if (selected.current) e.preventDefault();
        selected.current = false;
        props.onMouseUp?.(e);
      }}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        selected.current = false;
        props.onKeyDown?.(e);
      }}
    />
  );
});

/** Money: typed as text so the decimal stays exact; at most two decimals. */
export const MoneyInput = connect(
  MoneyBox,
  // Read-only (approval page, view dialog, a computed total): the amount as text with separators.
  mapReadPretty(function MoneyText({ value }: { value?: unknown }) {
    const language = useLanguage();
    return <span className="money-text">{value === undefined || value === null || value === '' ? '—' : thousands(value, 2, language)}</span>;
  }),
);

/** A count or a figure read (view dialog, approval page): with thousands separators, as lists and print show it. */
const Figure = connect(
  NumberPicker,
  mapReadPretty(function FigureText({ value }: { value?: unknown }) {
    const language = useLanguage();
    return <span className="number-text">{value === undefined || value === null || value === '' ? '—' : thousands(value, undefined, language)}</span>;
  }),
);

/** A heading across a section of a form grid (the meeting-record section): the whole row, one line. */
export function SectionTitle({ title }: { title?: string }) {
  return (
    <div data-grid-span="-1" className="nk-form-section-title" data-testid="form-section-title">
      <strong>{title}</strong>
    </div>
  );
}

type Module = Record<string, unknown>;

/** The components loaded so far, by name; Formily reads this object each time it resolves a name. */
const components: SchemaReactComponents = {
  FormGrid,
  FormItem,
  FormLayout,
  Input,
  MoneyInput,
  NumberPicker: Figure,
  Password,
  SectionTitle,
  Select,
  Space,
};

const choices = () => import('./kinds/choices.ts');
const panels = () => import('./kinds/panels.ts');
const references = () => import('./RefSelect.tsx');
const lines = () => import('./LinesTable.tsx').then((m) => ({ ArrayTable: m.LinesTable, LineCell: m.LineCell }));
/** The other components, by the module that brings each. */
const LOADERS: Record<string, () => Promise<Module>> = {
  ArrayTable: lines,
  Checkbox: choices,
  CheckboxList: choices,
  DatePicker: () => import('./kinds/dates.ts'),
  FileUpload: () => import('./FileUpload.tsx'),
  FormCollapse: panels,
  FormTab: panels,
  LineCell: lines,
  LineFigure: () => import('./LineFigure.tsx'),
  OptionsSelect: () => import('./OptionsSelect.tsx'),
  Radio: choices,
  RefSelect: references,
  RefTree: references,
  Switch: choices,
};

/** Every name the renderer can draw; a unit test holds it equal to what schemas:check allows (validators/formComponents.ts). */
export const RENDERED_COMPONENTS: readonly string[] = [...Object.keys(components), ...Object.keys(LOADERS)].sort();

const SchemaField = createSchemaField({ components });

/** The component names (before any dot) a schema uses, in all its nodes. */
export function componentsIn(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) componentsIn(s, out);
  else if (schema && typeof schema === 'object') {
    const node = schema as Record<string, unknown>;
    for (const key of ['x-component', 'x-decorator'])
      if (typeof node[key] === 'string') out.add((node[key] as string).split('.')[0]!);
    for (const key of ['items', 'additionalProperties']) if (node[key]) componentsIn(node[key], out);
    if (node.properties && typeof node.properties === 'object')
      for (const p of Object.values(node.properties)) componentsIn(p, out);
  }
  return out;
}

const loading = new Map<string, Promise<void>>();

function load(name: string): Promise<void> {
  let pending = loading.get(name);
  if (!pending) {
    pending = LOADERS[name]!().then((module) => {
      for (const [key, value] of Object.entries(module))
        if (key in LOADERS && !(key in components)) components[key] = value as ComponentType;
      // A module export named otherwise (LinesTable) was mapped by its loader.
      if (!(name in components)) components[name] = module[name] as ComponentType;
    });
    loading.set(name, pending);
  }
  return pending;
}

/** An unknown name shows as a visible mark in the form, never as an unknown HTML tag. */
const unknownMark = (name: string): ComponentType =>
  function UnknownComponent() {
    return <span className="nk-form-unknown">⚠ {name}</span>;
  };

const missingIn = (names: string[]) => names.filter((n) => !(n in components) && n in LOADERS);

/**
 * Suspends the caller until the components its form schema names are loaded, so a dialog or a page
 * shows its form whole the first time (the nearest Suspense shows meanwhile), never an empty body.
 */
export function useComponentsOf(schema: object): string[] {
  const names = useMemo(() => [...componentsIn(schema)], [schema]);
  const missing = missingIn(names);
  if (missing.length) throw Promise.all(missing.map(load));
  return names;
}

function Fields({ schema }: { schema: object }) {
  for (const n of useComponentsOf(schema)) if (!(n in components)) components[n] = unknownMark(n);
  return <SchemaField schema={schema as never} />;
}

/** A form schema's fields, once the components it names are loaded. */
export function SchemaFields({ schema }: { schema: object }) {
  return (
    <Suspense fallback={null}>
      <Fields schema={schema} />
    </Suspense>
  );
}
