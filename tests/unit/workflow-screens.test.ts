// @vitest-environment happy-dom
// The workflow screens' logic that needs no browser: what a list with a filter and tabs asks, what a
// batch answer row by row becomes, the choices of an options select, the home page's blocks.
import { describe, expect, it } from 'vitest';
import { activeTab, batchSummary, listParams, urlFilters, virtualRows } from '../../renderer/list/params.ts';
import { optionsOf } from '../../renderer/form/OptionsSelect.tsx';
import { RENDERER_TEXTS } from '../../renderer/texts.ts';
import { homeBlocks, registerHomeBlock } from '../../src/views/home/blocks.ts';
import type { ListSchema, Row } from '../../renderer/types.ts';

const tasks: Pick<ListSchema, 'tabs' | 'filter'> = {
  tabs: [
    { key: 'todo', title: 'wfTask.todo', query: { scope: 'todo' } },
    { key: 'done', title: 'wfTask.done', query: { scope: 'done' } },
  ],
};

describe('list query values', () => {
  it('start on the first tab, and keep to a tab the list has', () => {
    expect(activeTab(tasks, undefined)).toBe('todo');
    expect(activeTab(tasks, 'done')).toBe('done');
    expect(activeTab(tasks, 'nope')).toBe('todo');
    expect(activeTab({}, 'done')).toBeUndefined();
  });

  it("send the active tab's values with the query form's and the sort", () => {
    // The first request too says its order (spec section 9, issue 19).
    expect(listParams(tasks, { query: { title: '请假' } })).toEqual({ title: '请假', scope: 'todo', sortOrder: 'desc' });
    expect(listParams(tasks, { query: { title: '请假' }, tab: 'done', sort: { field: 'createdAt' } })).toEqual({
      title: '请假',
      scope: 'done',
      sortField: 'createdAt',
      sortOrder: 'desc',
    });
  });

  it('show rows virtually from the list’s own threshold, else spec section 9’s 40 (issue 19)', () => {
    expect(virtualRows({}, 39, 40)).toBeNull();
    expect(virtualRows({}, 40, 40)).toEqual({ height: 560, step: 4 });
    // A page size under the threshold never goes virtual, however many rows came back.
    expect(virtualRows({}, 50, 30)).toBeNull();
    expect(virtualRows({ virtual: { from: 20, height: 720 } }, 20, 20)).toEqual({ height: 720, step: 4 });
    expect(virtualRows({ virtual: { from: 20 } }, 19, 20)).toBeNull();
  });

  it('always send the filter, whatever the URL or the query form say', () => {
    const running: Pick<ListSchema, 'filter'> = { filter: { ended: 'false' } };
    expect(listParams(running, {})).toEqual({ ended: 'false', sortOrder: 'desc' });
    expect(listParams(running, { fixed: { ended: 'true', a: '1' }, query: { ended: 'true', title: 'x' } })).toEqual({
      ended: 'false',
      a: '1',
      title: 'x',
      sortOrder: 'desc',
    });
    expect(listParams({ filter: { ended: 'true' } }, { sort: { field: 'endedAt', order: 'asc' } })).toEqual({
      ended: 'true',
      sortField: 'endedAt',
      sortOrder: 'asc',
    });
  });

  it('send nothing extra for a plain list but the order', () => {
    expect(listParams({}, { fixed: { dictType: 'sex' } })).toEqual({ dictType: 'sex', sortOrder: 'desc' });
  });
});

describe('a batch answer row by row', () => {
  const rows: Row[] = [
    { id: 7, title: '请假申请：回老家', name: '部门负责人审批' },
    { id: 8, title: '', name: '校长审批' },
  ];

  it('is counted, and each refusal is named by the first column, the display field, or its id', () => {
    const answer = {
      results: [
        { id: 7, ok: false, code: '40900', msg: '该任务已处理' },
        { id: 8, ok: false, code: '40300', msg: '您不是该任务的审批人' },
        { id: 9, ok: false, msg: '记录不存在' },
        { id: 10, ok: true, msg: '操作成功' },
      ],
      done: 1,
      failed: 3,
    };
    expect(batchSummary(answer, rows, 'title', 'name')).toEqual({
      done: 1,
      failed: 3,
      failures: [
        { id: 7, name: '请假申请：回老家', msg: '该任务已处理' },
        { id: 8, name: '校长审批', msg: '您不是该任务的审批人' },
        { id: 9, name: '#9', msg: '记录不存在' },
      ],
    });
  });

  it('counts itself when the answer does not', () => {
    expect(
      batchSummary({
        results: [
          { id: 1, ok: true },
          { id: 2, ok: true },
        ],
      }),
    ).toEqual({ done: 2, failed: 0, failures: [] });
  });

  it('is not a summary when the answer has no results', () => {
    expect(batchSummary(null)).toBeNull();
    expect(batchSummary({ instanceId: 3 })).toBeNull();
    expect(batchSummary([{ id: 1, ok: true }])).toBeNull();
  });
});

describe('options select', () => {
  it('takes {value, label} choices and nothing else', () => {
    expect(
      optionsOf([
        { value: 'leaveApply', label: '请假申请', processKey: 'leave' },
        { value: 3 },
        { label: 'no value' },
        { value: { x: 1 }, label: 'object' },
        null,
      ]),
    ).toEqual([
      { value: 'leaveApply', label: '请假申请' },
      { value: 3, label: '3' },
    ]);
    expect(optionsOf({ records: [] })).toEqual([]);
  });
});

describe('renderer words', () => {
  it('exist in every language, none empty', () => {
    const reference = Object.keys(RENDERER_TEXTS['zh-CN']!).sort();
    for (const [language, texts] of Object.entries(RENDERER_TEXTS)) {
      expect(Object.keys(texts).sort(), language).toEqual(reference);
      for (const k of reference) expect(texts[k as keyof typeof texts].trim(), `${language} ${k}`).not.toBe('');
    }
  });
});

describe('home blocks', () => {
  it('show the pending-approval card to holders of workflow:task:list only', () => {
    expect(homeBlocks(() => true, true).map((b) => b.key)).toContain('pendingApproval');
    expect(homeBlocks((key) => key !== 'workflow:task:list', true).map((b) => b.key)).not.toContain('pendingApproval');
  });

  it('register a block once, for everyone when it names no key', () => {
    const block = () => null;
    registerHomeBlock({ key: 'test-everyone', component: block });
    registerHomeBlock({ key: 'test-everyone', component: block });
    // Everyone's blocks: this one, once (and the work queues of issue 34, for whoever holds some key).
    expect(homeBlocks(() => false, false).map((b) => b.key)).toEqual(['test-everyone']);
    expect(homeBlocks(() => false, true).map((b) => b.key)).toEqual(['queues', 'test-everyone']);
  });
});

describe('a list opened with URL values', () => {
  const journal = { query: ['budgetId', 'kind'] };
  const entity = {
    fields: [
      { name: 'budgetId', type: 'ref' },
      { name: 'kind', type: 'dict' },
      { name: 'sourceType', type: 'string' },
    ],
  } as never;

  it('shows the values of queried fields in the query form, typed as the form holds them, and keeps the rest fixed', () => {
    expect(urlFilters(journal, entity, { budgetId: '12', sourceType: 'expense' })).toEqual({
      shown: { budgetId: 12 },
      hidden: { sourceType: 'expense' },
    });
    expect(urlFilters(journal, entity, { kind: 'freeze' })).toEqual({ shown: { kind: 'freeze' }, hidden: {} });
  });

  it('shows nothing for an absent value, and keeps a fixed value of a field the entity does not have', () => {
    expect(urlFilters(journal, entity, { budgetId: '', formData: 'x' })).toEqual({ shown: {}, hidden: { formData: 'x' } });
  });
});
