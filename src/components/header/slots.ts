// Header slots later areas fill (the notice bell comes with notices). A slot names the permission
// key that shows it; the shell renders nothing for an empty slot.
import { createElement, lazy, Suspense, type ComponentType } from 'react';

// The bell and its popover load with the first signed-in page, not with the login page.
const NoticeBell = lazy(() => import('./NoticeBell.tsx'));
const LazyNoticeBell = () => createElement(Suspense, { fallback: null }, createElement(NoticeBell));

export interface HeaderSlot {
  key: string;
  permission?: string;
  component: ComponentType;
}

const slots: HeaderSlot[] = [
  // Spec section 5: the bell only for holders of system:noticeUserRel:list.
  { key: 'notice', permission: 'system:noticeUserRel:list', component: LazyNoticeBell },
];

export function registerHeaderSlot(slot: HeaderSlot) {
  const i = slots.findIndex((s) => s.key === slot.key);
  if (i >= 0) slots.splice(i, 1, slot);
  else slots.push(slot);
}

export function headerSlots(): readonly HeaderSlot[] {
  return slots;
}
