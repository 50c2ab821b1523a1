// @vitest-environment happy-dom
// The form's date-time picker on the site's clock (issue 32), with this process in New York: a
// stored instant shows as the Shanghai wall time, in the box and read-only; what the field takes
// back is the site's wall time; the picker's "now" is the site's; a date stays the date it is.
process.env.TZ = 'America/New_York';

import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createForm, type Form } from '@formily/core';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { RendererContext } from '../../renderer/context.tsx';
import { quietEnv } from '../support/rendererEnv.ts';
import FormBody from '../../renderer/form/FormBody.tsx';
import { pickerText, pickerValue, siteGenerateConfig } from '../../renderer/form/sitePicker.ts';
import { dateText } from '../../renderer/form/kinds/dates.ts';
import { setSiteTimeZone } from '../../renderer/time.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setSiteTimeZone(undefined);
});
afterAll(() => {
  delete process.env.TZ;
});

const WALL = 'YYYY-MM-DD HH:mm:ss';
const schema = {
  type: 'object',
  properties: {
    at: {
      type: 'string',
      title: '开始时间',
      'x-decorator': 'FormItem',
      'x-component': 'DatePicker',
      'x-component-props': { showTime: true, format: WALL },
    },
    day: {
      type: 'string',
      title: '日期',
      'x-decorator': 'FormItem',
      'x-component': 'DatePicker',
    },
  },
};

const mount = (form: Form) =>
  render(
    <RendererContext.Provider value={quietEnv}>
      <FormBody form={form} schema={schema} />
    </RendererContext.Provider>,
  );

describe('the value mapping', () => {
  it('shows an instant on the site clock and gives back its wall time', () => {
    const shown = pickerValue('2026-12-04T01:00:00.000Z', WALL)!;
    expect(shown.format(WALL)).toBe('2026-12-04 09:00:00');
    expect(pickerText(shown, WALL)).toBe('2026-12-04 09:00:00');
    expect(pickerValue('2026-12-04 09:00:00', WALL)!.format(WALL)).toBe('2026-12-04 09:00:00');
    expect(pickerValue('2026-12-04', 'YYYY-MM-DD')!.format('YYYY-MM-DD')).toBe('2026-12-04');
    expect(pickerValue('2026-05', 'YYYY-MM')!.format('YYYY-MM')).toBe('2026-05');
    expect(pickerValue('', WALL)).toBeUndefined();
    expect(pickerValue('soon', WALL)).toBeUndefined();
    expect(dateText('2026-12-04T01:00:00.000Z', 'YYYY-MM-DD HH:mm')).toBe('2026-12-04 09:00');
    setSiteTimeZone('Europe/Lisbon');
    expect(pickerValue('2026-12-04T01:00:00.000Z', WALL)!.format(WALL)).toBe('2026-12-04 01:00:00');
  });

  it("has the site's now and reads typed text as wall time", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T17:00:00.000Z'));
    expect(siteGenerateConfig.getNow().format(WALL)).toBe('2027-01-01 01:00:00');
    const typed = siteGenerateConfig.locale.parse('zh_CN', '2026-03-08 02:30:00', [WALL])!;
    // 02:30 on that day does not exist in New York; the site's clock has it.
    expect(typed.format(WALL)).toBe('2026-03-08 02:30:00');
    expect(siteGenerateConfig.locale.parse('zh_CN', '2026-03-08 02:3', [WALL])).toBeNull();
  });
});

describe('the form field', () => {
  it('shows a stored instant as the Shanghai wall time and a date as it is', async () => {
    const form = createForm({ initialValues: { at: '2026-12-04T01:00:00.000Z', day: '2026-12-04' } });
    mount(form);
    await waitFor(() => expect(document.querySelectorAll('.ant-picker input').length).toBe(2), { timeout: 30_000 });
    const [at, day] = [...document.querySelectorAll<HTMLInputElement>('.ant-picker input')];
    expect(at!.value).toBe('2026-12-04 09:00:00');
    expect(day!.value).toBe('2026-12-04');
    // Untouched, the values are what was stored.
    expect(form.values).toEqual({ at: '2026-12-04T01:00:00.000Z', day: '2026-12-04' });
  }, 40_000);

  it('read-only, the same wall time', async () => {
    const form = createForm({ readPretty: true, initialValues: { at: '2026-12-04T01:00:00.000Z', day: '2026-12-04' } });
    const view = mount(form);
    await waitFor(() => expect(view.container.textContent).toContain('2026-12-04 09:00:00'), { timeout: 30_000 });
    expect(view.container.textContent).not.toContain('01:00:00');
  }, 40_000);

  it("takes the site's now from the picker's Now, as offset-less wall time", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-04T01:00:00.000Z'));
    const form = createForm();
    mount(form);
    await waitFor(() => expect(document.querySelector('.ant-picker input')).not.toBeNull(), { timeout: 30_000 });
    await act(async () => {
      fireEvent.mouseDown(document.querySelector('.ant-picker input')!);
      fireEvent.click(document.querySelector('.ant-picker input')!);
    });
    const now = await waitFor(
      () => {
        const link = document.querySelector<HTMLElement>('.ant-picker-now-btn, .ant-picker-now a');
        expect(link).not.toBeNull();
        return link!;
      },
      { timeout: 10_000 },
    );
    await act(async () => fireEvent.click(now));
    await waitFor(() => expect(form.values.at).toBe('2026-12-04 09:00:00'));
  }, 40_000);
});
