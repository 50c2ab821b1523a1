// @vitest-environment happy-dom
// The form's components load by what its schema names: the common ones are there at once, a
// sub-table or a date picker comes with the first form that has one, an unknown name shows as a
// mark; the names the renderer draws are the names schemas:check allows; a form file may put its
// labels above the controls.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createForm } from '@formily/core';
import { afterEach, describe, expect, it } from 'vitest';
import { RendererContext } from '../../renderer/context.tsx';
import { quietEnv } from '../support/rendererEnv.ts';
import FormBody from '../../renderer/form/FormBody.tsx';
import { componentsIn, RENDERED_COMPONENTS } from '../../renderer/form/components.tsx';
import { FORM_COMPONENTS } from '../../validators/formComponents.ts';

afterEach(cleanup);

const env = quietEnv;

const mount = (schema: object, layout?: 'vertical') =>
  render(
    <RendererContext.Provider value={env}>
      <FormBody form={createForm()} schema={schema} layout={layout} />
    </RendererContext.Provider>,
  );

const field = (title: string, component: string, extra: object = {}) => ({
  type: 'string',
  title,
  'x-decorator': 'FormItem',
  'x-component': component,
  ...extra,
});

describe('form components', () => {
  it('are the names schemas:check allows, no more, no fewer', () => {
    expect(RENDERED_COMPONENTS).toEqual([...FORM_COMPONENTS].sort());
  });

  it('a schema names, in every node, by the part before a dot', () => {
    const names = componentsIn({
      type: 'object',
      properties: {
        grid: {
          type: 'void',
          'x-component': 'FormGrid',
          properties: {
            lines: {
              type: 'array',
              'x-component': 'ArrayTable',
              items: { type: 'object', properties: { c: { type: 'void', 'x-component': 'ArrayTable.Column' } } },
            },
            on: field('日期', 'DatePicker.RangePicker'),
          },
        },
      },
    });
    expect([...names].sort()).toEqual(['ArrayTable', 'DatePicker', 'FormGrid', 'FormItem']);
  });

  it('load with the first form that names them, and the form then shows whole', async () => {
    mount({
      type: 'object',
      properties: {
        name: field('名称', 'Input'),
        day: field('日期', 'DatePicker'),
        on: field('启用', 'Switch', { type: 'boolean' }),
      },
    });
    // The date picker and the switch come from chunks of their own; the form appears with them.
    // (A chunk is a module transformed on demand here: seconds on a busy machine.)
    await waitFor(() => expect(document.querySelector('.ant-picker')).not.toBeNull(), { timeout: 30_000 });
    expect(document.querySelector('.ant-switch')).not.toBeNull();
    expect(screen.getByText('名称')).toBeTruthy();
  }, 40_000);

  it('a line’s cell is its control and, while wrong, the message under it', async () => {
    const form = createForm({ initialValues: { items: [{ summary: '' }] } });
    render(
      <RendererContext.Provider value={env}>
        <FormBody
          form={form}
          schema={{
            type: 'object',
            properties: {
              items: {
                type: 'array',
                'x-component': 'ArrayTable',
                items: {
                  type: 'object',
                  properties: {
                    c1: {
                      type: 'void',
                      'x-component': 'ArrayTable.Column',
                      'x-component-props': { title: '摘要' },
                      properties: {
                        summary: { type: 'string', required: true, 'x-decorator': 'LineCell', 'x-component': 'Input' },
                      },
                    },
                  },
                },
              },
            },
          }}
        />
      </RendererContext.Provider>,
    );
    await waitFor(() => expect(document.querySelector('.nk-line-cell input')).not.toBeNull(), { timeout: 30_000 });
    expect(document.querySelector('.nk-line-cell-message')).toBeNull();
    await form.validate().catch(() => undefined);
    await waitFor(() =>
      expect(document.querySelector('.nk-line-cell-error .nk-line-cell-message')?.textContent).toBe('此项为必填项'),
    );
  }, 40_000);

  it('an unknown name shows as a visible mark, not an unknown tag', async () => {
    mount({ type: 'object', properties: { x: field('某项', 'Slider') } });
    expect((await screen.findByText(/Slider/)).className).toBe('nk-form-unknown');
    expect(document.querySelector('slider')).toBeNull();
  });

  it('labels sit beside the controls, or above them when the form file says vertical', async () => {
    const schema = { type: 'object', properties: { name: field('名称', 'Input') } };
    mount(schema);
    await screen.findByText('名称');
    expect(document.querySelector('.ant-formily-item-layout-horizontal')).not.toBeNull();
    cleanup();
    mount(schema, 'vertical');
    await screen.findByText('名称');
    expect(document.querySelector('.ant-formily-item-layout-vertical')).not.toBeNull();
    expect(document.querySelector('.ant-formily-item-layout-horizontal')).toBeNull();
  });
});
