// @vitest-environment happy-dom
// A form's text box shows a key at once and hands it to the form when the typing pauses (issue 20):
// the form has it a moment later, at once when the box is left or takes Enter, and a value the form
// sets from elsewhere shows in the box.
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createForm, type Field, type Form } from '@formily/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RendererContext } from '../../renderer/context.tsx';
import FormBody from '../../renderer/form/FormBody.tsx';
import { TYPING_PAUSE_MS } from '../../renderer/form/deferredBox.tsx';
import { quietEnv } from '../support/rendererEnv.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const schema = {
  type: 'object',
  properties: {
    title: {
      type: 'string',
      title: '标题',
      'x-decorator': 'FormItem',
      'x-component': 'Input',
      'x-validator': [{ maxLength: 3 }],
    },
    note: { type: 'string', title: '备注', 'x-decorator': 'FormItem', 'x-component': 'Input.TextArea' },
    amount: { type: 'string', title: '金额', 'x-decorator': 'FormItem', 'x-component': 'MoneyInput' },
  },
};

async function mount(): Promise<{ form: Form; box: (label: string) => HTMLInputElement }> {
  const form = createForm();
  const view = render(
    <RendererContext.Provider value={quietEnv}>
      <FormBody form={form} schema={schema} />
    </RendererContext.Provider>,
  );
  const box = (label: string) => {
    const item = [...view.container.querySelectorAll('.ant-formily-item')].find((i) => i.textContent?.includes(label))!;
    return item.querySelector('input, textarea') as HTMLInputElement;
  };
  await waitFor(() => expect(box('标题')).toBeTruthy());
  return { form, box };
}

describe('a text box', () => {
  it('shows the key at once; the form has it when the typing pauses, with its rules', async () => {
    const { form, box } = await mount();
    fireEvent.change(box('标题'), { target: { value: 'abcd' } });
    expect(box('标题').value).toBe('abcd');
    expect(form.values.title).toBeUndefined();
    await waitFor(() => expect(form.values.title).toBe('abcd'));
    await waitFor(() => expect((form.query('title').take() as Field | undefined)?.selfErrors.length).toBe(1));
  });

  it('hands keys typed faster than the pause over once, after the last of them', async () => {
    const { form, box } = await mount();
    vi.useFakeTimers();
    const changes: unknown[] = [];
    const field = form.query('title').take() as Field;
    const seen = () => changes.push(field.value);
    for (const typed of ['a', 'ab', 'abc']) {
      fireEvent.change(box('标题'), { target: { value: typed } });
      vi.advanceTimersByTime(TYPING_PAUSE_MS - 50);
      seen();
    }
    expect(box('标题').value).toBe('abc');
    expect(changes).toEqual([undefined, undefined, undefined]);
    await act(async () => vi.advanceTimersByTime(50));
    expect(form.values.title).toBe('abc');
  });

  it('hands the value over at once when left, on Enter, Escape or a shortcut', async () => {
    const { form, box } = await mount();
    fireEvent.change(box('标题'), { target: { value: 'ab' } });
    fireEvent.blur(box('标题'));
    expect(form.values.title).toBe('ab');
    fireEvent.change(box('金额'), { target: { value: '12.50' } });
    fireEvent.keyDown(box('金额'), { key: 'Enter' });
    expect(form.values.amount).toBe('12.50');
    fireEvent.change(box('备注'), { target: { value: '多行' } });
    fireEvent.blur(box('备注'));
    expect(form.values.note).toBe('多行');
    // A shortcut (Ctrl+S) or Escape acts on the form as it is with the last key in it.
    fireEvent.change(box('标题'), { target: { value: 'abc' } });
    fireEvent.keyDown(box('标题'), { key: 's', ctrlKey: true });
    expect(form.values.title).toBe('abc');
    fireEvent.change(box('标题'), { target: { value: 'xy' } });
    fireEvent.keyDown(box('标题'), { key: 'Escape' });
    expect(form.values.title).toBe('xy');
  });

  it('selects a zero amount when its box is entered, so the figure typed replaces it', async () => {
    const { form, box } = await mount();
    await act(async () => form.setValues({ amount: '0.00' }));
    await waitFor(() => expect(box('金额').value).toBe('0.00'));
    fireEvent.focus(box('金额'));
    expect([box('金额').selectionStart, box('金额').selectionEnd]).toEqual([0, 4]);
    fireEvent.blur(box('金额'));
    await act(async () => form.setValues({ amount: '12.50' }));
    await waitFor(() => expect(box('金额').value).toBe('12.50'));
    box('金额').setSelectionRange(5, 5);
    fireEvent.focus(box('金额'));
    expect([box('金额').selectionStart, box('金额').selectionEnd]).toEqual([5, 5]);
  });

  it('shows what the form sets from elsewhere', async () => {
    const { form, box } = await mount();
    await act(async () => form.setValues({ title: 'xyz', amount: '3.00' }));
    await waitFor(() => expect(box('标题').value).toBe('xyz'));
    expect(box('金额').value).toBe('3.00');
    await act(async () => form.reset());
    await waitFor(() => expect(box('标题').value).toBe(''));
  });
});
