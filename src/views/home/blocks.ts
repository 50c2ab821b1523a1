// The home page's dashboard blocks; areas register theirs (budget bars, plan, progress...).
import type { ComponentType } from 'react';

const blocks: ComponentType[] = [];

export function registerHomeBlock(block: ComponentType) {
  blocks.push(block);
}

export function homeBlocks(): readonly ComponentType[] {
  return blocks;
}
