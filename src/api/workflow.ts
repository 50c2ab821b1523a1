// Workflow calls the shell makes itself (the home page's pending-approval card).
import { get } from './request.ts';

export interface TaskRow {
  id: number;
  instanceId: number;
  name: string;
  title: string;
  entity: string;
  /** The document type in the reader's language (issue 34). */
  entityLabel?: string;
  /** The document's amount, a decimal string; null when the type has none. */
  amount?: string | null;
  businessKey: number;
  starterName: string | null;
  createdAt: string;
}

export const workflowApi = {
  /** My open tasks, newest first. */
  todoTasks: (pageSize: number) =>
    // The badge says 99+ beyond: the count stops at 100 (a district's finance office has thousands).
    get<{ records: TaskRow[]; total: number }>('workflow/task/page', { scope: 'todo', pageNum: 1, pageSize, countTo: 100 }),
};
