// @vitest-environment happy-dom
// A long document's lines (issue 14): more lines than a page show a page at a time, the lines the
// document came with as plain text until one is clicked, which opens its boxes in place with the
// clicked one focused; copy and remove work on a closed line; a line added or copied is open and
// shown on its page; a short document's lines are all open; a document only read never opens one.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createForm, type Form } from '@formily/core';
import { afterEach, describe, expect, it } from 'vitest';
import { RendererContext } from '../../renderer/context.tsx';
import { quietEnv } from '../support/rendererEnv.ts';
import FormBody from '../../renderer/form/FormBody.tsx';
import { buildFormSchema } from '../../renderer/form/build.ts';
import type { FormSchema, PublicEntity } from '../../renderer/types.ts';

afterEach(cleanup);

const env = quietEnv;

const line: PublicEntity = {
  name: 'claimLine',
  title: 'claimLine',
  api: 'claim/line',
  permission: 'claim',
  readOnly: false,
  removable: true,
  defaultSort: { field: 'id', order: 'asc' },
  hasVersion: false,
  fields: [
    { name: 'kind', type: 'dict', title: '类别', dict: 'kind' },
    { name: 'summary', type: 'string', title: '摘要', maxLength: 50 },
    { name: 'amount', type: 'money', title: '金额' },
  ],
} as PublicEntity;

const claim: PublicEntity = {
  name: 'claim',
  title: 'claim',
  api: 'claim',
  permission: 'claim',
  readOnly: false,
  removable: true,
  defaultSort: { field: 'id', order: 'desc' },
  hasVersion: false,
  fields: [{ name: 'total', type: 'money', title: '合计', readOnly: true }],
  lines: { items: { title: '明细', sum: { total: 'amount' }, entity: line } },
} as PublicEntity;

const column = (name: string) => ({
  type: 'void',
  'x-component': 'ArrayTable.Column',
  'x-component-props': { title: name },
  properties: { [name]: {} },
});

const form: FormSchema = {
  entity: 'claim',
  schema: {
    type: 'object',
    properties: {
      total: {},
      items: {
        type: 'array',
        'x-decorator': 'FormItem',
        'x-component': 'ArrayTable',
        items: {
          type: 'object',
          properties: {
            c1: column('kind'),
            c2: column('summary'),
            c3: column('amount'),
            ops: {
              type: 'void',
              'x-component': 'ArrayTable.Column',
              'x-component-props': { title: '操作' },
              properties: {
                copy: { type: 'void', 'x-component': 'ArrayTable.Copy' },
                remove: { type: 'void', 'x-component': 'ArrayTable.Remove' },
              },
            },
          },
        },
        properties: { add: { type: 'void', title: '添加一行', 'x-component': 'ArrayTable.Addition' } },
      },
    },
  },
} as unknown as FormSchema;

const dicts = {
  kind: [
    { dictLabel: '印刷费', dictValue: 'P', dictSort: 1 },
    { dictLabel: '差旅费', dictValue: 'T', dictSort: 2 },
  ],
} as never;

const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, kind: i % 2 ? 'T' : 'P', summary: `第${i + 1}行`, amount: `${i + 1}000.5` }));

function mount(n: number, readPretty = false, disabled = false): Form {
  const f = createForm({
    initialValues: { items: lines(n) },
    pattern: readPretty ? 'readPretty' : disabled ? 'disabled' : 'editable',
  });
  const schema = buildFormSchema(form, claim, {}, 'zh-CN', dicts, readPretty);
  render(
    <RendererContext.Provider value={env}>
      <FormBody form={f} schema={schema} />
    </RendererContext.Provider>,
  );
  return f;
}

const rows = () => [...document.querySelectorAll<HTMLTableRowElement>('.ant-table-tbody tr.ant-table-row')];
const rowOf = (summary: string) =>
  rows().find((r) => r.textContent?.includes(summary) || [...r.querySelectorAll('input')].some((i) => i.value === summary))!;
const inputsOf = (row: HTMLElement) => [...row.querySelectorAll('input')];
const summaries = (f: Form) => (f.values.items as Array<{ summary: string }>).map((l) => l.summary);

describe('a long document’s lines', () => {
  it('show a page of plain lines, with dictionary labels and amounts as they read, and how to edit one', async () => {
    mount(30);
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(rows().every((r) => inputsOf(r).length === 0)).toBe(true);
    expect(rows()[0]!.textContent).toContain('印刷费');
    expect(rows()[0]!.textContent).toContain('第1行');
    expect(rows()[0]!.textContent).toContain('1,000.50');
    expect(rows()[1]!.textContent).toContain('差旅费');
    expect(screen.getByText('共 30 条 · 点击一行即可编辑')).toBeTruthy();
  });

  it('open one line where it is clicked: its boxes hold its values, the clicked one has the focus, the others stay plain', async () => {
    const f = mount(30);
    await waitFor(() => expect(rows()).toHaveLength(20));
    fireEvent.click(rowOf('第3行').children[1]!);
    await waitFor(() => expect(inputsOf(rowOf('第3行')).length).toBeGreaterThan(0));
    const summary = within(rowOf('第3行').children[1] as HTMLElement).getByDisplayValue('第3行');
    expect(document.activeElement).toBe(summary);
    expect(within(rowOf('第3行').children[2] as HTMLElement).getByDisplayValue('3000.5')).toBeTruthy();
    expect(rows().filter((r) => inputsOf(r).length > 0)).toHaveLength(1);
    fireEvent.change(summary, { target: { value: '第3行（改）' } });
    await waitFor(() => expect(summaries(f)[2]).toBe('第3行（改）'));
    // The total follows every line, opened or not.
    expect(f.values.total).toBe(String(Array.from({ length: 30 }, (_, i) => (i + 1) * 1000 + 0.5).reduce((a, b) => a + b, 0)));
  });

  it('mark the page of a wrong line in the pager', async () => {
    mount(30);
    await waitFor(() => expect(rows()).toHaveLength(20));
    fireEvent.click(rowOf('第3行').children[1]!);
    const summary = await waitFor(() => within(rowOf('第3行').children[1] as HTMLElement).getByDisplayValue('第3行'));
    expect(document.querySelector('.nk-lines-page-wrong')).toBeNull();
    fireEvent.change(summary, { target: { value: '长'.repeat(51) } });
    await waitFor(() => expect(document.querySelector('.nk-line-cell-message')?.textContent).toContain('50'));
    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(rows()[0]!.textContent).toContain('第21行'));
    expect(document.querySelector('.ant-pagination-item-1 .nk-lines-page-wrong')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-item-2 .nk-lines-page-wrong')).toBeNull();
  });

  it('open from the keyboard too', async () => {
    mount(30);
    await waitFor(() => expect(rows()).toHaveLength(20));
    const row = rowOf('第5行');
    expect(row.tabIndex).toBe(0);
    fireEvent.keyDown(row, { key: 'Enter' });
    await waitFor(() => expect(inputsOf(rowOf('第5行')).length).toBeGreaterThan(0));
  });

  it('copy a closed line under it, open, and remove a closed line', async () => {
    const f = mount(30);
    await waitFor(() => expect(rows()).toHaveLength(20));
    fireEvent.click(rowOf('第2行').querySelector('.ant-formily-array-base-copy')!);
    await waitFor(() => expect(summaries(f)).toHaveLength(31));
    expect(summaries(f).slice(0, 4)).toEqual(['第1行', '第2行', '第2行', '第3行']);
    // The copy is open (row 3), its original is not.
    await waitFor(() => expect(inputsOf(rows()[2]!).length).toBeGreaterThan(0));
    expect(inputsOf(rows()[1]!)).toHaveLength(0);
    fireEvent.click(rowOf('第1行').querySelector('.ant-formily-array-base-remove')!);
    await waitFor(() => expect(summaries(f)).toHaveLength(30));
    expect(summaries(f).slice(0, 3)).toEqual(['第2行', '第2行', '第3行']);
    expect(rows()[0]!.textContent).toContain('第2行');
    expect(inputsOf(rows()[0]!)).toHaveLength(0);
    expect(inputsOf(rows()[1]!).length).toBeGreaterThan(0);
  });

  it('show a line added on the last page, open', async () => {
    const f = mount(30);
    await waitFor(() => expect(rows()).toHaveLength(20));
    await act(async () => fireEvent.click(screen.getByText('添加一行')));
    await waitFor(() => expect(summaries(f)).toHaveLength(31));
    await waitFor(() => expect(rows()).toHaveLength(11));
    expect(inputsOf(rows()[10]!).length).toBeGreaterThan(0);
    expect(rows()[0]!.textContent).toContain('第21行');
  });
});

describe('lines that fit a page', () => {
  it('are all open at once, with no pager', async () => {
    mount(5);
    await waitFor(() => expect(rows()).toHaveLength(5));
    await waitFor(() => expect(rows().every((r) => inputsOf(r).length > 0)).toBe(true));
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });
});

describe('a long document only read', () => {
  it('shows its lines plain, a page at a time, and never opens one', async () => {
    mount(30, true);
    await waitFor(() => expect(rows()).toHaveLength(20));
    fireEvent.click(rowOf('第3行').children[1]!);
    await new Promise((r) => setTimeout(r, 50));
    expect(rows().every((r) => inputsOf(r).length === 0)).toBe(true);
    expect(screen.getByText('共 30 条')).toBeTruthy();
    expect(document.querySelector('.ant-formily-array-base-remove')).toBeNull();
  });
});

describe('a long document whose form is disabled', () => {
  it('shows its lines plain, with no copy or remove', async () => {
    mount(30, false, true);
    await waitFor(() => expect(rows()).toHaveLength(20));
    fireEvent.click(rowOf('第3行').children[1]!);
    await new Promise((r) => setTimeout(r, 50));
    expect(rows().every((r) => inputsOf(r).length === 0)).toBe(true);
    expect(document.querySelector('.ant-formily-array-base-remove, .ant-formily-array-base-copy')).toBeNull();
  });
});
