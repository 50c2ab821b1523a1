// The body of an entity's form, shared by the add / edit / view dialog and the approval page (the
// document read-only): Formily's provider, '—' for empty values in read-pretty mode, the layout.
import type { CSSProperties } from 'react';
import type { Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout, PreviewText } from '@formily/antd-v5';
import { SchemaFields } from './components.tsx';
import { installFormily } from './locale.ts';
import { useRenderer } from '../context.tsx';
import { usePhone } from '../phone.ts';
import './form.css';

/** Languages that write words apart: their labels wrap between words, never inside one (issue 34). */
const SPACED = /^(en|pt)/;

/** The labels a Formily schema shows (each field's title, in its properties, nested ones too). */
function labelsOf(schema: unknown, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const node = schema as { title?: unknown; properties?: Record<string, unknown>; items?: unknown };
  if (typeof node.title === 'string') out.push(node.title);
  for (const child of Object.values(node.properties ?? {})) labelsOf(child, out);
  return out;
}

let measurer: CanvasRenderingContext2D | null | undefined;
/**
 * The width in pixels of the longest single word of the labels (14 px text), plus the label's
 * padding and colon: a label column narrower than that would have to break the word.
 */
export function longestWordWidth(labels: string[], font = '14px -apple-system, "Segoe UI", Roboto, Arial, sans-serif'): number {
  const words = labels.flatMap((l) => l.split(/[\s/]+/)).filter(Boolean);
  if (!words.length) return 0;
  if (measurer === undefined) measurer = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  const widthOf = (w: string) => {
    if (!measurer) return w.length * 8;
    measurer.font = font;
    return measurer.measureText(w).width;
  };
  return Math.ceil(Math.max(...words.map(widthOf))) + 24;
}

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
  const { language } = useRenderer();
  installFormily(language);
  // On a phone (renderer/phone.ts) labels sit above their controls whatever the form file says.
  const phone = usePhone();
  // English and Portuguese labels wrap between words: the label column is at least as wide as the
  // longest word (form.css's --nk-label-min), so no word breaks in the middle.
  const minLabel = !phone && layout !== 'vertical' && SPACED.test(language) ? Math.min(200, longestWordWidth(labelsOf(schema))) : 0;
  const props =
    phone || layout === 'vertical'
      ? { layout: 'vertical' as const }
      : labelWidth
        ? { labelWidth, labelWrap: true }
        : { labelCol, wrapperCol: 24 - labelCol - 1, labelWrap: true };
  return (
    <FormProvider form={form}>
      <PreviewText.Placeholder value="—">
        <div
          className={minLabel ? 'nk-label-words' : undefined}
          style={minLabel ? ({ '--nk-label-min': `${minLabel}px` } as CSSProperties) : undefined}
        >
          <FormLayout {...props}>
            <SchemaFields schema={schema} />
          </FormLayout>
        </div>
      </PreviewText.Placeholder>
    </FormProvider>
  );
}
