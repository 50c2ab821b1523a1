// The campaign's figures: each test file records its own under test-results/security/, and the
// suite's teardown (./global-setup.ts) gathers them into test-results/security-summary.json, which
// `npm run bench -- security` turns into the "Security campaign" section of bench/RESULTS.md.
import fs from 'node:fs';
import path from 'node:path';

export const RESULTS_DIR = path.resolve(import.meta.dirname, '..', '..', 'test-results');
export const PARTS_DIR = path.join(RESULTS_DIR, 'security');
export const SUMMARY = path.join(RESULTS_DIR, 'security-summary.json');

export interface Summary {
  finishedAt: string;
  /** Seconds the whole suite took (globalSetup to teardown). */
  seconds: number;
  fuzz?: {
    operations: number;
    requestsTried: number;
    http5xx: number;
    systemErrors: number;
    noAnswer: number;
    unhandledErrorLines: number;
    errorLogLines: number;
    byClass: Record<string, { tried: number; failed: number }>;
    /** The first of the requests that failed (a system error, a 5xx, no answer): what remains to fix. */
    failures: Array<{ klass: string; method: string; url: string; target: string; status: number; code: string }>;
  };
  /** Required text fields of the entities' save bodies sent whitespace alone. */
  blank?: { requiredTextFields: number; accepted: number; otherAnswers: number };
  crossSite?: { entities: number; reads: number; leaks: number };
  permissions?: { routes: number; bypasses: number };
  concurrency?: { calls: number; succeeded: number; availableBelowZero: number; identityBroken: number };
  kill9?: { clients: number; acknowledgedWrites: number; lost: number; restartSeconds: number };
  /** Fields the server owns (issue 31): hostile values sent on save and update, stored as sent (goal 0). */
  owned?: { entities: number; fieldsTried: number; savesTaken: number; updatesTaken: number; storedAsSent: number };
  /** Segregation of duties (issue 31): decisions by the applicant or an earlier decider, accepted or offered (goal 0). */
  duties?: { processes: number; documents: number; steps: number; selfDecisionsTried: number; accepted: number; offered: number };
  /**
   * The invoice register (issue 31): spellings of invoices a document already holds, claimed again by
   * another member of staff; accepted (goal 0), and refused without naming the holding document.
   */
  invoices?: { spellings: number; accepted: number; unnamed: number };
}

/** Records one part's figures (a file per part, so parts never overwrite each other). */
export function recordFigures<K extends keyof Summary>(part: K, figures: NonNullable<Summary[K]>) {
  fs.mkdirSync(PARTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(PARTS_DIR, `${part}.json`), JSON.stringify(figures, null, 2));
}

/** Starts a run: the parts of an earlier run are gone, so a part that did not run is missing, never stale. */
export function clearFigures() {
  fs.rmSync(PARTS_DIR, { recursive: true, force: true });
  fs.rmSync(SUMMARY, { force: true });
}

/** Gathers the parts into the summary file. */
export function writeSummary(startedAt: number): Summary {
  const summary: Summary = { finishedAt: new Date().toISOString(), seconds: Math.round((Date.now() - startedAt) / 1000) };
  if (fs.existsSync(PARTS_DIR)) {
    for (const file of fs.readdirSync(PARTS_DIR).filter((f) => f.endsWith('.json'))) {
      (summary as unknown as Record<string, unknown>)[file.slice(0, -5)] = JSON.parse(
        fs.readFileSync(path.join(PARTS_DIR, file), 'utf8'),
      );
    }
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(SUMMARY, JSON.stringify(summary, null, 2));
  return summary;
}
