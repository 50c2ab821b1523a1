// @vitest-environment happy-dom
// An approval page's tab names the document, not just its number: the kind of document and its own
// title (or its number when it has none), in the caller's language; the tab takes the name once the
// page has read the document.
import { describe, expect, it } from 'vitest';
import { approvalTitle } from '../../renderer/approval/ApprovalPage.tsx';
import { TabsStore } from '../../src/stores/tabs.ts';

describe('approval title', () => {
  it('names the kind and the document’s own title', () => {
    expect(approvalTitle('请假申请', '探亲', 12, 'zh-CN')).toBe('请假申请：探亲');
    expect(approvalTitle('預算調整申請', '追加經費', 3, 'zh-TW')).toBe('預算調整申請：追加經費');
    expect(approvalTitle('Budget plan', '2026 plan', 7, 'en-US')).toBe('Budget plan: 2026 plan');
    expect(approvalTitle('Plano orçamentário', ' Plano 2026 ', 7, 'pt-BR')).toBe('Plano orçamentário: Plano 2026');
  });

  it('falls back to the number without a title, and to the title alone without a kind', () => {
    expect(approvalTitle('请假申请', null, 12, 'zh-CN')).toBe('请假申请：#12');
    expect(approvalTitle('Leave application', '  ', '12', 'en-US')).toBe('Leave application: #12');
    expect(approvalTitle('', 'Trip', 12, 'en-US')).toBe('Trip');
  });
});

describe('tab titles', () => {
  it('take the name a page learns later and keep it', () => {
    const tabs = new TabsStore();
    tabs.open('/home', '首页');
    tabs.open('/approval/leaveApply/12', '审批 #12');
    tabs.rename('/approval/leaveApply/12', '请假申请：探亲');
    expect(tabs.titleOf('/approval/leaveApply/12')).toBe('请假申请：探亲');
    expect(tabs.tabs.map((t) => t.title)).toEqual(['首页', '请假申请：探亲']);
    // A tab that is gone is not made again; an empty name changes nothing.
    tabs.rename('/approval/leaveApply/13', 'x');
    tabs.rename('/approval/leaveApply/12', '');
    expect(tabs.tabs.map((t) => t.title)).toEqual(['首页', '请假申请：探亲']);
  });
});
