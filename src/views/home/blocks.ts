// The home page's dashboard blocks (spec section 2: budget bars, plan, progress, statistics,
// contract notices, pending-approval card); areas register theirs, each shown to holders of its
// permission key. A block the user may not see is never loaded: no request, no chunk.
import type { ComponentType } from 'react';
import { lazyView } from '../../router/lazy.ts';
import PendingApproval from './PendingApproval.tsx';
import NoticesBlock from './NoticesBlock.tsx';

export interface HomeBlock {
  key: string;
  /** Shown only to users with this key (none: to everyone). */
  permission?: string;
  /** Shown only to users who hold some key: the block's parts each need one, which the server checks. */
  anyKey?: boolean;
  /** top: full width above the columns; main: the wide column; side: the narrow one. Default main. */
  area?: 'top' | 'main' | 'side';
  component: ComponentType;
}

const blocks: HomeBlock[] = [];

export function registerHomeBlock(block: HomeBlock) {
  if (!blocks.some((b) => b.key === block.key)) blocks.push(block);
}

/** The blocks this user may see, in the order they were registered. */
export function homeBlocks(can: (key: string) => boolean, holdsSome: boolean): readonly HomeBlock[] {
  return blocks.filter((b) => (!b.permission || can(b.permission)) && (!b.anyKey || holdsSome));
}

/** The budget figures are indicator figures: whoever may list indicators sees them, in their data scope. */
export const BUDGET_PERMISSION = 'neikong:budget:list';

// 预算统计: five figure cards across the top.
registerHomeBlock({
  key: 'budgetStatistics',
  permission: BUDGET_PERMISSION,
  area: 'top',
  component: lazyView('BudgetStatistics', () => import('./budget/StatisticsCards.tsx')),
});
// 预算执行进度 and 部门预算执行 (budget bars): ECharts, in chunks of their own.
registerHomeBlock({
  key: 'budgetProgress',
  permission: BUDGET_PERMISSION,
  area: 'main',
  component: lazyView('BudgetProgress', () => import('./budget/ProgressBlock.tsx')),
});
registerHomeBlock({
  key: 'budgetBars',
  permission: BUDGET_PERMISSION,
  area: 'main',
  component: lazyView('BudgetBars', () => import('./budget/DeptBars.tsx')),
});
// The work queues of schemas/home/queues.json (issue 34): the server answers only those the user
// may see, each with its count and first rows; every queue needs a key, so a user with none is not asked.
registerHomeBlock({
  key: 'queues',
  anyKey: true,
  area: 'main',
  component: lazyView('HomeQueues', () => import('./QueueBlocks.tsx')),
});
// 待审批: my to-do tasks (issue 6).
registerHomeBlock({ key: 'pendingApproval', permission: 'workflow:task:list', area: 'side', component: PendingApproval });
// 预算编制 (plan): the budget by expense type.
registerHomeBlock({
  key: 'budgetPlan',
  permission: BUDGET_PERMISSION,
  area: 'side',
  component: lazyView('BudgetPlan', () => import('./budget/PlanBlock.tsx')),
});
// 合同提醒 (the spec's contract notices): instalments due and contracts ending, for those who keep contracts.
registerHomeBlock({
  key: 'contractNotices',
  permission: 'contract:contract:list',
  area: 'side',
  component: lazyView('ContractNotices', () => import('./ContractNoticesBlock.tsx')),
});
// 单位通知: the unit notices sent to the user.
registerHomeBlock({ key: 'notices', permission: 'system:noticeUserRel:list', area: 'side', component: NoticesBlock });
