// A site's leave requests for the demo (issue 34), filed through the product's own API by the
// people who would — a teacher, a department head, the keepers and finance, who file leave like
// everyone — and decided by the approvers: drafts, in approval, approved and rejected, within each
// person's balance. The server counts the days on the site's working calendar; a request is placed on
// the Monday after its offset, and a week later when that week is all holiday.
import { approveAll, type SeedCaller } from './approvals.ts';
import { addDays } from '../../validators/site-time.ts';
import { weekday } from '../modules/leave/rules.ts';

export type LeaveSeed = {
  by: string;
  leaveType: string;
  /** Days from today to the week the leave falls in; it starts on that week's Monday (or later: `from`). */
  inDays: number;
  /** Weekday it starts on (1 Monday … 5 Friday) and calendar days it spans. */
  from?: number;
  span: number;
  reason: string;
  reach: 'draft' | 'submitted' | 'approved' | 'rejected';
};

export async function seedLeave(
  people: Record<string, SeedCaller>,
  approvers: SeedCaller[],
  plan: { day: (offset: number) => string; requests: LeaveSeed[] },
): Promise<void> {
  for (const l of plan.requests) {
    const who = people[l.by];
    if (!who) throw new Error(`demo leave: nobody called ${l.by}`);
    let start = plan.day(l.inDays);
    while (weekday(start) !== (l.from ?? 1)) start = addDays(start, 1);
    let doc: { id: number } | null = null;
    for (let week = 0; week < 4 && !doc; week++) {
      try {
        doc = (await who.call('POST', '/leave/apply/save', {
          leaveType: l.leaveType,
          startDate: start,
          endDate: addDays(start, l.span - 1),
          reason: l.reason,
        })) as { id: number };
      } catch (err) {
        // A week of public holidays: the next one.
        if (week === 3) throw err;
        start = addDays(start, 7);
      }
    }
    if (l.reach === 'draft') continue;
    await who.call('POST', `/leave/apply/submit?id=${doc!.id}`);
    if (l.reach === 'submitted') continue;
    if (l.reach === 'approved') {
      await approveAll(approvers, 'leaveApply', doc!.id);
      continue;
    }
    for (const a of approvers) {
      const tasks = (await a.call('GET', '/workflow/task/page?scope=todo&pageSize=100')) as {
        records: Array<{ id: number; entity: string; businessKey: number }>;
      };
      const task = tasks.records.find((t) => t.entity === 'leaveApply' && Number(t.businessKey) === doc!.id);
      if (!task) continue;
      await a.call('POST', '/workflow/task/reject', { taskId: task.id, comment: '教学任务紧，请调整时间' });
      break;
    }
  }
}
