// `npm run bench -- security`: the security campaign (tests/security, issue 13) run as its own
// vitest project, its figures (test-results/security-summary.json) written as a section with the
// campaign's goals. The campaign's tests assert the same goals; this records the figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Summary } from '../tests/security/figures.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SUMMARY = path.join(ROOT, 'test-results', 'security-summary.json');

export interface SecurityRun {
  summary: Summary | null;
  passed: boolean;
  seconds: number;
  loadBefore: number;
  loadAfter: number;
}

export function runSecurityCampaign(): SecurityRun {
  fs.rmSync(SUMMARY, { force: true });
  const loadBefore = os.loadavg()[0]!;
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'security'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  const summary = fs.existsSync(SUMMARY) ? (JSON.parse(fs.readFileSync(SUMMARY, 'utf8')) as Summary) : null;
  return {
    summary,
    passed: result.status === 0,
    seconds: Math.round((Date.now() - started) / 1000),
    loadBefore,
    loadAfter: os.loadavg()[0]!,
  };
}

const goal = (value: number | undefined, target = 0) =>
  value === undefined ? 'not run ✘' : value <= target ? `${target} ✔` : `${target} ✘`;
const n = (v: number | undefined) => (v === undefined ? '—' : v.toLocaleString('en-US'));

export function securitySection(run: SecurityRun): string {
  const s = run.summary;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const head =
    `## Security campaign (issues 13 and 31)\n\nMeasured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${cpu}, Node ${process.version}: ` +
    `\`vitest run --project security\` ${run.passed ? 'passed' : 'FAILED'} in ${run.seconds} s ` +
    `(1-minute load ${run.loadBefore.toFixed(1)} before, ${run.loadAfter.toFixed(1)} after). The fuzz corpus is generated from ` +
    'every operation of `GET /api/docs` (seeded, the same every run) and sent to the real server as its own process, as the ' +
    "admin of site demo and without a session; its log is read for 'unhandled error'. Cross-site reads look for each site's " +
    'rows of every entity in what the other site reads (page, list, infoById, export, pickers). Permission keys: a signed-in ' +
    'user without keys calls every route that declares one. Concurrent spends: freezes, freezes consumed and direct spending ' +
    'on one indicator at once. Invoice register: every spelling of a fully digital and of a traditional invoice a claim ' +
    'holds (spaces, full-width digits, hyphens, zeros in front; code empty, absent or another beside a 20-digit number) ' +
    'claimed again by another member of staff, by save and by update. Fields the server owns (generated from the ' +
    'schemas): for every entity that takes saves, a save copied from one of its rows and an update of the row made send a ' +
    'hostile value (approved, another department, 99,999.00, another user…) in every field the server owns, lines included, ' +
    'and the row is read back. Segregation of duties (generated from the processes): documents filed by the holders of ' +
    'each role a process names, by a head and by staff go through their approval; at every step the applicant and every ' +
    "earlier decider try to approve by the task's id, and their task lists and approval pages are read. " +
    'kill -9: several clients write, the server is ' +
    'killed with SIGKILL mid-load and started again on ' +
    'its data directory.\n\n';
  if (!s) return `${head}No figures: the campaign wrote no ${path.relative(ROOT, SUMMARY)}.\n`;
  const f = s.fuzz;
  const rows: Array<[string, string, string]> = [
    ['fuzz: operations of /api/docs', n(f?.operations), '—'],
    ['fuzz: requests tried', n(f?.requestsTried), '—'],
    ['fuzz: answers with HTTP 5xx', n(f?.http5xx), goal(f?.http5xx)],
    ['fuzz: system errors (code 50000)', n(f?.systemErrors), goal(f?.systemErrors)],
    ['fuzz: requests without an answer', n(f?.noAnswer), goal(f?.noAnswer)],
    ["fuzz: 'unhandled error' lines in the server log", n(f?.unhandledErrorLines), goal(f?.unhandledErrorLines)],
    [
      'fuzz: other lines at level error in the server log',
      n(f ? f.errorLogLines - f.unhandledErrorLines : undefined),
      goal(f ? f.errorLogLines - f.unhandledErrorLines : undefined),
    ],
    ['whitespace alone: required text fields of the entities tried', n(s.blank?.requiredTextFields), '—'],
    [
      "whitespace alone: taken, or refused otherwise than as 'required'",
      n(s.blank ? s.blank.accepted + s.blank.otherAnswers : undefined),
      goal(s.blank ? s.blank.accepted + s.blank.otherAnswers : undefined),
    ],
    ['cross-site: entities with rows / reads', s.crossSite ? `${s.crossSite.entities} / ${n(s.crossSite.reads)}` : '—', '—'],
    ["cross-site: leaks (another site's rows in an answer)", n(s.crossSite?.leaks), goal(s.crossSite?.leaks)],
    ['permission keys: routes that declare one', n(s.permissions?.routes), '—'],
    ['permission keys: bypasses (a user without the key served)', n(s.permissions?.bypasses), goal(s.permissions?.bypasses)],
    ['concurrent spends: calls / let through', s.concurrency ? `${s.concurrency.calls} / ${s.concurrency.succeeded}` : '—', '—'],
    [
      'concurrent spends: available below zero or identity broken',
      n(s.concurrency ? s.concurrency.availableBelowZero + s.concurrency.identityBroken : undefined),
      goal(s.concurrency ? s.concurrency.availableBelowZero + s.concurrency.identityBroken : undefined),
    ],
    ['invoice register: spellings of held invoices claimed again', n(s.invoices?.spellings), '—'],
    ['invoice register: second claims accepted', n(s.invoices?.accepted), goal(s.invoices?.accepted)],
    ['invoice register: refused without naming the holding document', n(s.invoices?.unnamed), goal(s.invoices?.unnamed)],
    [
      'owned fields: entities / hostile values sent (save and update)',
      s.owned
        ? `${s.owned.entities} / ${n(s.owned.fieldsTried)} (${s.owned.savesTaken} saves, ${s.owned.updatesTaken} updates taken)`
        : '—',
      '—',
    ],
    ['owned fields: stored as sent', n(s.owned?.storedAsSent), goal(s.owned?.storedAsSent)],
    [
      'duties: processes / documents / steps walked',
      s.duties ? `${s.duties.processes} / ${s.duties.documents} / ${s.duties.steps}` : '—',
      '—',
    ],
    ['duties: decisions by the applicant or an earlier decider tried', n(s.duties?.selfDecisionsTried), '—'],
    ['duties: such decisions accepted', n(s.duties?.accepted), goal(s.duties?.accepted)],
    ['duties: such steps offered (task list, approval page)', n(s.duties?.offered), goal(s.duties?.offered)],
    [
      'kill -9: acknowledged writes before the kill',
      s.kill9 ? `${s.kill9.acknowledgedWrites} (${s.kill9.clients} clients)` : '—',
      '—',
    ],
    ['kill -9: acknowledged writes lost', n(s.kill9?.lost), goal(s.kill9?.lost)],
    ['kill -9: restart on the same data directory', s.kill9 ? `${s.kill9.restartSeconds} s` : '—', '—'],
  ];
  const table = ['| measure | figure | goal |', '|---|---:|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  const classes = f
    ? [
        '',
        'The corpus by input class (failed: a system error, a 5xx or no answer):',
        '',
        '| input class | tried | failed |',
        '|---|---:|---:|',
        ...Object.entries(f.byClass).map(([k, v]) => `| ${k} | ${v.tried} | ${v.failed} |`),
      ].join('\n')
    : '';
  const failing = f?.failures.length
    ? [
        '',
        'Failing requests (the first of them):',
        '',
        ...f.failures.map((x) => `- ${x.klass}: \`${x.method} ${x.url}\` (${x.target}) → ${x.status} ${x.code}`),
      ].join('\n')
    : '';
  return `${head}${table}\n${classes}\n${failing}${failing ? '\n' : ''}`;
}
