// A form's columns (x-component "FormGrid"): a CSS grid of maxColumns equal columns in which each
// FormItem spans what its data-grid-span (x-decorator-props.gridSpan) says, clamped to the grid —
// laid out by the browser alone. It takes the props of @formily/antd-v5's FormGrid the schemas
// use. That one measures every item with getComputedStyle on each resize and child change: on a
// 200-field form it cost about 300 ms of the first render, and a forced style pass on every
// keystroke that changed the form's height (a validation message appearing). One column is a plain
// flow of blocks, not a grid: a key typed into one field then relays the column by its cached
// blocks, not the grid's placement of every item (about half a millisecond a key on 200 fields).
import type { CSSProperties, ReactNode } from 'react';
import { usePhone } from '../phone.ts';
import './form.css';

export interface FormGridProps {
  maxColumns?: number;
  /** Accepted for the schemas written for Formily's grid; the columns do not shrink below maxColumns. */
  minColumns?: number;
  columnGap?: number;
  rowGap?: number;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** The column counts form.css clamps spans for. */
const MOST_COLUMNS = 4;

export function FormGrid({ maxColumns = 1, columnGap = 8, rowGap = 4, className, style, children }: FormGridProps) {
  // A phone's form is one column whatever the schema asks (renderer/phone.ts decides).
  const phone = usePhone();
  const columns = phone ? 1 : Math.min(MOST_COLUMNS, Math.max(1, Math.floor(Number(maxColumns) || 1)));
  return (
    <div
      className={`nk-form-grid nk-form-grid-${columns}${className ? ` ${className}` : ''}`}
      style={
        columns === 1
          ? ({ '--nk-form-row-gap': `${rowGap}px`, ...style } as CSSProperties)
          : { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, columnGap, rowGap, ...style }
      }
      data-columns={columns}
    >
      {children}
    </div>
  );
}
