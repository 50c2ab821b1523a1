// The home page's dashboard blocks; areas register theirs (budget bars, plan, progress...), each
// shown to holders of its permission key.
import type { ComponentType } from 'react';
import PendingApproval from './PendingApproval.tsx';

export interface HomeBlock {
  key: string;
  /** Shown only to users with this key (none: to everyone). */
  permission?: string;
  component: ComponentType;
}

const blocks: HomeBlock[] = [];

export function registerHomeBlock(block: HomeBlock) {
  if (!blocks.some((b) => b.key === block.key)) blocks.push(block);
}

/** The blocks this user may see, in the order they were registered. */
export function homeBlocks(can: (key: string) => boolean): readonly HomeBlock[] {
  return blocks.filter((b) => !b.permission || can(b.permission));
}

// 待审批: my to-do tasks (issue 6).
registerHomeBlock({ key: 'pendingApproval', permission: 'workflow:task:list', component: PendingApproval });
