// What a pending document does to its indicator, as the approval page's answer carries it
// (server/modules/budget/figures.ts writes it, renderer/approval/ApprovalPage.tsx shows it).
export interface DocumentBudget {
  budgetId: number;
  limitCode: string;
  budgetName: string;
  economicClass: string | null;
  /** The class in the reader's words (30201 办公费). */
  economicClassLabel: string | null;
  deptName: string | null;
  /** What the document spends on the indicator (its freeze's amount). */
  amount: string;
  /** Whether the document holds its freeze now (submitted, in approval). */
  frozen: boolean;
  /** Of the amount, what is (or will be) taken over from the freeze of the document it comes from (an application, a contract). */
  drawn: string;
  available: string;
  /** Available before this document's own freeze (= available when it holds nothing yet). */
  availableBefore: string;
  /** Available once this document's amount is spent (= available when it already holds its freeze). */
  availableAfter: string;
}
