// Header slots later areas fill (the notice bell comes with notices). A slot names the permission
// key that shows it; the shell renders nothing for an empty slot.
import type { ComponentType } from 'react';

export interface HeaderSlot {
  key: string;
  permission?: string;
  component: ComponentType;
}

const slots: HeaderSlot[] = [];

export function registerHeaderSlot(slot: HeaderSlot) {
  const i = slots.findIndex((s) => s.key === slot.key);
  if (i >= 0) slots.splice(i, 1, slot);
  else slots.push(slot);
}

export function headerSlots(): readonly HeaderSlot[] {
  return slots;
}
