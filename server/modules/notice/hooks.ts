// What a notice's schema cannot say: only drafts change, and a ticked range names at least one
// department, role or user (spec section 5); 'everyone' (0) stands alone and clears the others.
import { defineHooks } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';

const RANGE_LISTS = [
  ['1', 'deptIds', 'notice.deptRequired'],
  ['2', 'roleIds', 'notice.roleRequired'],
  ['3', 'userIds', 'notice.userRequired'],
] as const;

defineHooks('notice', {
  beforeSave(_ctx, row, existing) {
    if (existing && existing.status !== '0') throw new AppError(Code.conflict, 'notice.notDraft');
    const merged = { ...(existing ?? {}), ...row };
    const kinds = new Set(String(merged.rangeType ?? '0').split(','));
    if (kinds.has('0')) {
      if (kinds.size > 1) row.rangeType = '0';
      for (const [, list] of RANGE_LISTS) row[list] = [];
      return;
    }
    for (const [kind, list, message] of RANGE_LISTS) {
      if (!kinds.has(kind)) row[list] = [];
      else if (!Array.isArray(merged[list]) || (merged[list] as unknown[]).length === 0)
        throw new AppError(Code.invalid, message);
    }
  },
  beforeRemove(_ctx, rows) {
    if (rows.some((r) => r.status !== '0')) throw new AppError(Code.conflict, 'notice.notDraft');
  },
});
