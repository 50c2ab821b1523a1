// A document's history as the audit trail tells it (issue 36): the wire type written by
// server/modules/audit/history.ts and read by renderer/detail/DocumentHistory.tsx.
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

export interface HistoryEntry {
  seq: number;
  at: string;
  actorName: string | null;
  deptName: string | null;
  /** insert | update | delete (of the document or its lines), decision (approval), state (a state action). */
  op: string;
  kind: 'document' | 'lines' | 'decision' | 'state' | 'other';
  /** The approval step or state action the record belongs to (same transaction). */
  step: string | null;
  changes: FieldChange[];
  /** A line collection's records: its title and each line added, removed or changed. */
  collection?: string;
  lines?: Array<{ change: 'added' | 'removed' | 'changed'; changes: FieldChange[] }>;
  decision?: { value: string; label: string; comment: string | null };
}
