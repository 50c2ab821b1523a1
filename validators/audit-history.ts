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

/**
 * What was approved against what was paid (a document an entity file declares `payable`): the
 * amount field's value at the last approving decision, the sum paid payments paid of it, and — when
 * the document has lines — each line's amount at that decision and now. Money in the reader's format.
 */
export interface ApprovedVsPaid {
  /** The amount field's title. */
  field: string;
  /** The approving decision's trail number and time; null while the document is not approved. */
  approvedSeq: number | null;
  approvedAt: string | null;
  approved: string | null;
  paid: string;
  /** approved − paid, when they differ (null when equal or not approved). */
  difference: string | null;
  lines: Array<{ collection: string; field: string; rows: Array<{ label: string; approved: string | null; now: string | null }> }>;
}

/** GET /monitor/audit/history: the records, and the approved-against-paid summary where it applies. */
export interface DocumentHistoryAnswer {
  entries: HistoryEntry[];
  approvedVsPaid: ApprovedVsPaid | null;
}

/** GET /monitor/audit/asOf: the document as /infoById answers it, as it stood after record #seq. */
export interface DocumentAsOf {
  document: Record<string, unknown>;
  seq: number;
  at: string;
  /** The entity files' version the row was saved under then (the form it is shown with). */
  schemaVersion: string | null;
}
