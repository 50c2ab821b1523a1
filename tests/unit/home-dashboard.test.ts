// @vitest-environment happy-dom
// The home dashboards' logic that needs no browser: who sees which block, and how money and rates
// are written (src/views/home/blocks.ts, src/views/home/budget/format.ts).
import { describe, expect, it } from 'vitest';
import { BUDGET_PERMISSION, homeBlocks } from '../../src/views/home/blocks.ts';
import { addAmounts, compact, monthName, pct, subtractAmounts, yuan } from '../../src/views/home/budget/format.ts';

const BUDGET_BLOCKS = ['budgetStatistics', 'budgetProgress', 'budgetBars', 'budgetPlan'];

describe('home blocks', () => {
  it('show the budget blocks to holders of the indicator list key only', () => {
    const all = homeBlocks(() => true, true).map((b) => b.key);
    for (const key of BUDGET_BLOCKS) expect(all).toContain(key);
    // The work queues (issue 34) are the block of whoever holds some key: the server shows only the
    // queues the caller may list. A user with no key at all is not asked.
    const withoutQueues = (keys: string[]) => keys.filter((k) => k !== 'queues');
    const staff = homeBlocks((k) => ['workflow:task:list', 'system:noticeUserRel:list'].includes(k), true).map((b) => b.key);
    expect(staff).toContain('queues');
    expect(withoutQueues(staff)).toEqual(['pendingApproval', 'notices']);
    const budgetOnly = homeBlocks((k) => k === BUDGET_PERMISSION, true).map((b) => b.key);
    expect(withoutQueues(budgetOnly)).toEqual(BUDGET_BLOCKS);
    expect(homeBlocks(() => false, false)).toEqual([]);
  });

  it('place the statistics across the top, the charts wide and the cards beside them', () => {
    const area = Object.fromEntries(homeBlocks(() => true, true).map((b) => [b.key, b.area ?? 'main']));
    expect(area).toMatchObject({
      budgetStatistics: 'top',
      budgetProgress: 'main',
      budgetBars: 'main',
      pendingApproval: 'side',
      budgetPlan: 'side',
      notices: 'side',
    });
  });
});

describe('money and rates on the dashboards', () => {
  it('write amounts exactly with thousands separators', () => {
    expect(yuan('6438000')).toBe('¥6,438,000.00');
    expect(yuan('98765432109876.5')).toBe('¥98,765,432,109,876.50');
    expect(yuan('-1234.5')).toBe('-¥1,234.50');
    expect(yuan(null)).toBe('¥0.00');
  });

  it('add and subtract amounts without floating point', () => {
    expect(addAmounts('0.10', '0.20')).toBe('0.30');
    expect(addAmounts('99999999999999.99', '0.01')).toBe('100000000000000.00');
    expect(subtractAmounts('3600000.00', '3620000.50')).toBe('-20000.50');
    expect(subtractAmounts('898000.00', '870000.00')).toBe('28000.00');
  });

  it('write rates with two decimals, ticks short and months in the language', () => {
    expect(pct(32.5)).toBe('32.50%');
    expect(pct(undefined)).toBe('0.00%');
    expect(compact(1250000, 'zh-CN')).toBe('125万');
    expect(compact(1250000, 'en-US')).toBe('1.3M');
    expect(monthName(2, 'zh-CN')).toBe('2月');
    expect(monthName(2, 'en-US')).toBe('Feb');
  });
});
