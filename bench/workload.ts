// A mixed workload of a working day (issue 37): staff open list pages and documents, save claims of
// 20 lines with their invoices, submit them, and a department head opens the to-do list and approves.
// Each virtual connection is one person's browser tab doing that in a loop, one request after the
// other (a closed loop), so the figures are what people wait for under that many at once.
//
// Independent of the storage: it speaks HTTP only, to one node or to several (round-robin, like a
// load balancer; the nodes share their database, so a token signed in on one works on all). The
// figures per kind of request are p50/p95/p99/max from each answer's own time, and the errors: any
// answer a user would see as a failure (HTTP non-2xx, a code other than '0', no answer in time).
// No refusal is expected of this mix (each approver takes a task no other connection holds), so
// there is no "expected refusal" to discount.
//
// On the embedded database the server says per answer how long the request waited for the single
// connection and how many turns it took (`Server-Timing: db-queue;dur=…;desc=…`, see
// server/platform/db/request-turn.ts); the workload collects that beside the latency.
import { performance } from 'node:perf_hooks';

export const KINDS = ['list', 'open', 'save', 'submit', 'todo', 'approve'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABELS: Record<Kind, string> = {
  list: 'open a list page (reimbursements as staff / budget indicators as admin)',
  open: 'open a document (a claim of 20 lines, its infoById)',
  save: 'save a claim of 20 lines and 20 invoices',
  submit: 'submit it (validate, freeze, start the approval)',
  todo: "the approver's to-do list",
  approve: 'approve a task',
};

export interface KindFigures {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers a user would see as a failure: non-2xx, a code other than '0', no answer in time. */
  errors: number;
  /** The first few failures, `status code msg`, to say what went wrong. */
  failures: string[];
  /** From Server-Timing (embedded database only): mean turns at the connection, p99 and max wait, ms. */
  turns: number;
  waitP99: number;
  waitMax: number;
  /** Mean time holding the connection, ms, all turns of a request together. */
  heldMean: number;
}

export interface MixedFigures {
  connections: number;
  seconds: number;
  nodes: number;
  requests: number;
  perSecond: number;
  errors: number;
  /** Every request of every kind together. */
  all: KindFigures;
  kinds: Record<Kind, KindFigures>;
  /** Approvals skipped because every task on the first page was held by another connection. */
  nothingToApprove: number;
  /**
   * The slowest 1 % of all requests (above the p99): how much of their time was the wait for the
   * database connection, and how many turns they took, against the other 99 %. Empty without
   * Server-Timing (PostgreSQL).
   */
  tail: {
    requests: number;
    meanMs: number;
    meanWaitMs: number;
    meanTurns: number;
    restMeanWaitMs: number;
    restMeanTurns: number;
  } | null;
}

export interface MixedWorkloadOptions {
  /** Node URLs without the /api suffix, e.g. http://127.0.0.1:8302; requests go round-robin. */
  bases: string[];
  /** A year the demo seed leaves empty, so the bench's indicator and claims are its own. */
  year?: string;
  /** Lines and invoices per claim. */
  lines?: number;
  /** A request unanswered this long counts as an error. */
  timeoutMs?: number;
  /**
   * The schools whose people work: connection i is a person of school i mod their number (the demo
   * school alone by default: one school's staff all at once; a district's day spreads them).
   */
  schools?: School[];
  log?: (message: string) => void;
}

/** One school's people in the workload: who files the claims, who approves them first, who makes the indicator. */
export interface School {
  /** The site's key: its requests say `hostname: <key>.localhost` (the demo's: localhost). */
  site: string;
  admin: Person;
  claimant: Person;
  /** The head of the claimant's department, whose step a claim's approval starts with. */
  approver: Person;
  /** The claimant's department: the indicator the claims spend is its own. */
  dept: string;
}

interface Person {
  loginName: string;
  password: string;
}

/** The claimant and the head of their department (教务处), who approves their claims first. */
export const DEMO_SCHOOL: School = {
  site: 'demo',
  admin: { loginName: 'admin', password: 'Admin@12345' },
  claimant: { loginName: 'staff', password: 'Demo@12345' },
  approver: { loginName: 'head', password: 'Demo@12345' },
  dept: '教务处',
};

/** Someone signed in: their token and their site's hostname, which every request carries. */
interface Caller {
  token: string;
  hostname: string;
}

interface Sample {
  ms: number;
  ok: boolean;
  wait: number;
  turns: number;
  held: number;
  failure?: string;
}

class Failure extends Error {}

export interface MixedWorkload {
  run(options: { connections: number; seconds: number }): Promise<MixedFigures>;
  /** One document as the claimant opens it (the first node), for a load of that request alone. */
  document(): { url: string; headers: Record<string, string> };
}

/** Signs the people in and makes the indicator and the first claims; then `run` as often as wanted. */
export async function prepareMixedWorkload(options: MixedWorkloadOptions): Promise<MixedWorkload> {
  const bases = options.bases.map((b) => b.replace(/\/+$/, ''));
  if (!bases.length) throw new Error('the mixed workload needs at least one node URL');
  const year = options.year ?? '2043';
  const lines = options.lines ?? 20;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const log = options.log ?? (() => {});
  let turn = 0;
  const nextBase = () => bases[turn++ % bases.length]!;

  /** One request as a browser sends it; its time, and the failure a user would see. */
  async function call(who: Caller, method: string, url: string, body?: unknown): Promise<{ sample: Sample; data: any }> {
    const t0 = performance.now();
    let failure: string | undefined;
    let data: any;
    let timing: string | null = null;
    try {
      const res = await fetch(`${nextBase()}/api${url}`, {
        method,
        headers: {
          token: who.token,
          hostname: who.hostname,
          year,
          'accept-language': 'zh-CN',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      timing = res.headers.get('server-timing');
      const text = await res.text();
      let answer: { code?: string; msg?: string; data?: unknown } = {};
      try {
        answer = JSON.parse(text);
      } catch {
        // not JSON: the status says it
      }
      if (res.status < 200 || res.status >= 300 || answer.code !== '0')
        failure = `${method} ${url.split('?')[0]}: HTTP ${res.status} ${answer.code ?? ''} ${answer.msg ?? text.slice(0, 120)}`;
      data = answer.data;
    } catch (err) {
      failure = `${method} ${url.split('?')[0]}: ${(err as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : (err as Error).message}`;
    }
    const ms = performance.now() - t0;
    const queue = timing?.match(/db-queue;dur=([\d.]+);desc="?(\d+)/);
    const hold = timing?.match(/db-hold;dur=([\d.]+)/);
    return {
      sample: {
        ms,
        ok: !failure,
        failure,
        wait: queue ? Number(queue[1]) : 0,
        turns: queue ? Number(queue[2]) : 0,
        held: hold ? Number(hold[1]) : 0,
      },
      data,
    };
  }
  const must = async (who: Caller, method: string, url: string, body?: unknown) => {
    const { sample, data } = await call(who, method, url, body);
    if (!sample.ok) throw new Failure(`${who.hostname}: ${sample.failure}`);
    return data;
  };
  const signIn = async (hostname: string, p: Person): Promise<Caller> => ({
    token: String((await must({ token: '', hostname }, 'POST', '/auth/login/account', p)).token),
    hostname,
  });

  // Invoice numbers are unique per site: start somewhere no earlier run on this database started.
  let invoiceNo = 10_000_000 + Math.floor(Math.random() * 80_000) * 1000;
  let claimNo = 0;
  const schools = options.schools?.length ? options.schools : [DEMO_SCHOOL];
  log(`signing in the admin, a claimant and their head of ${schools.length} school(s)`);
  const teams: Array<{ admin: Caller; claimant: Caller; approver: Caller; budgetId: number; documents: number[] }> = [];
  for (const school of schools) {
    const hostname = school.site === 'demo' ? 'localhost' : `${school.site}.localhost`;
    const admin = await signIn(hostname, school.admin);
    const dept = ((await must(admin, 'GET', '/core/dept/list')) as Array<{ id: number; deptName: string }>).find(
      (d) => d.deptName === school.dept,
    );
    if (!dept) throw new Error(`${school.site} has no ${school.dept}`);
    const limitCode = `MIXED-${Date.now().toString(36)}`;
    const budgetId = Number(
      (
        await must(admin, 'POST', '/neikong/budget/save', {
          limitCode,
          budgetName: `混合负载 ${limitCode}`,
          deptId: dept.id,
          expenseType: '2',
          economicClass: '30211',
          originalAmount: '100000000.00',
        })
      ).id,
    );
    teams.push({
      admin,
      claimant: await signIn(hostname, school.claimant),
      approver: await signIn(hostname, school.approver),
      budgetId,
      // The school's submitted claims, which its claimant opens.
      documents: [],
    });
  }
  const claim = (budgetId: number) => ({
    title: `混合负载报销 ${++claimNo}`,
    budgetId,
    items: Array.from({ length: lines }, (_, i) => ({ economicClass: '30211', summary: `第 ${i + 1} 项`, amount: '1.00' })),
    invoices: Array.from({ length: lines }, () => ({
      invoiceCode: '011002300111',
      invoiceNo: String(++invoiceNo),
      invoiceDate: `${year}-03-01`,
      amount: '1.00',
    })),
  });
  /**
   * Tasks an approver has taken, kept after the decision: a to-do list read a moment before it was
   * decided still shows it, and a person does not decide a task twice.
   */
  const taken = new Set<number>();

  // Sixteen claims in approval to start with, spread over the schools (at least two each).
  const prefill = Math.max(2, Math.ceil(16 / teams.length));
  log(`saving and submitting ${prefill} claims of ${lines} lines in each school`);
  for (const team of teams)
    for (let i = 0; i < prefill; i++) {
      const id = Number((await must(team.claimant, 'POST', '/expense/funds/save', claim(team.budgetId))).id);
      await must(team.claimant, 'POST', `/expense/funds/submit?id=${id}&confirmed=1`, {});
      team.documents.push(id);
    }

  return {
    document: () => ({
      url: `${bases[0]}/api/expense/funds/infoById/${teams[0]!.documents[0]}`,
      headers: { token: teams[0]!.claimant.token, hostname: teams[0]!.claimant.hostname, year, 'accept-language': 'zh-CN' },
    }),
    async run({ connections, seconds }) {
      const samples: Record<Kind, Sample[]> = Object.fromEntries(KINDS.map((k) => [k, []])) as never;
      let nothingToApprove = 0;
      const end = performance.now() + seconds * 1000;
      const started = performance.now();
      const record = (kind: Kind, r: { sample: Sample; data: any }) => {
        samples[kind].push(r.sample);
        return r.sample.ok ? r.data : undefined;
      };
      const tab = async (index: number) => {
        const { admin, claimant, approver, budgetId, documents } = teams[index % teams.length]!;
        let round = index;
        let pending: number | null = null;
        const steps: Array<() => Promise<void>> = [
          // A list page: the reimbursements as the claimant sees them, or the indicators as admin.
          async () => {
            if (++round % 2) record('list', await call(claimant, 'GET', '/expense/funds/page?pageNum=1&pageSize=20'));
            else record('list', await call(admin, 'GET', '/neikong/budget/page?pageNum=1&pageSize=10'));
          },
          async () => {
            const doc = documents[Math.floor(Math.random() * documents.length)]!;
            record('open', await call(claimant, 'GET', `/expense/funds/infoById/${doc}`));
          },
          async () => {
            const saved = record('save', await call(claimant, 'POST', '/expense/funds/save', claim(budgetId)));
            pending = saved?.id ? Number(saved.id) : null;
          },
          async () => {
            if (pending === null) return;
            const id = pending;
            pending = null;
            if (record('submit', await call(claimant, 'POST', `/expense/funds/submit?id=${id}&confirmed=1`, {})) !== undefined)
              documents.push(id);
          },
          // The approver's to-do list, newest first; they take a task nobody else holds.
          async () => {
            const todo = record('todo', await call(approver, 'GET', '/workflow/task/page?scope=todo&pageNum=1&pageSize=100'));
            if (performance.now() >= end) return;
            const task = (todo?.records as Array<{ id: number; entity: string }> | undefined)?.find(
              (t) => t.entity === 'reimburse' && !taken.has(t.id),
            );
            if (!task) {
              if (todo) nothingToApprove++;
              return;
            }
            taken.add(task.id);
            record('approve', await call(approver, 'POST', '/workflow/task/approve', { taskId: task.id, comment: '同意' }));
          },
        ];
        // The tabs start at different steps of the day, as people do: not all on a list at once.
        for (let step = index % steps.length; performance.now() < end; step = (step + 1) % steps.length) await steps[step]!();
      };
      await Promise.all(Array.from({ length: connections }, (_, i) => tab(i)));
      const elapsed = (performance.now() - started) / 1000;
      const kinds = Object.fromEntries(KINDS.map((k) => [k, figures(samples[k])])) as Record<Kind, KindFigures>;
      const every = KINDS.flatMap((k) => samples[k]);
      const all = figures(every);
      return {
        connections,
        seconds,
        nodes: bases.length,
        requests: all.requests,
        perSecond: all.requests / elapsed,
        errors: all.errors,
        all,
        kinds,
        nothingToApprove,
        tail: tailOf(every),
      };
    },
  };
}

/** Sign in, prepare and run once: the workload as the lead runs it against one or two nodes. */
export async function runMixedWorkload(
  options: MixedWorkloadOptions & { connections: number; seconds: number },
): Promise<MixedFigures> {
  const workload = await prepareMixedWorkload(options);
  return workload.run(options);
}

export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function figures(samples: Sample[]): KindFigures {
  const times = Float64Array.from(samples.filter((s) => s.ok).map((s) => s.ms)).sort();
  const waits = Float64Array.from(samples.map((s) => s.wait)).sort();
  const failures = samples.filter((s) => !s.ok);
  return {
    requests: samples.length,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.length ? times[times.length - 1]! : NaN,
    errors: failures.length,
    failures: [...new Set(failures.map((f) => f.failure!))].slice(0, 5),
    turns: samples.length ? samples.reduce((n, s) => n + s.turns, 0) / samples.length : 0,
    waitP99: percentile(waits, 0.99),
    waitMax: waits.length ? waits[waits.length - 1]! : NaN,
    heldMean: samples.length ? samples.reduce((n, s) => n + s.held, 0) / samples.length : 0,
  };
}

function tailOf(samples: Sample[]): MixedFigures['tail'] {
  if (!samples.some((s) => s.turns > 0)) return null;
  const sorted = [...samples].filter((s) => s.ok).sort((a, b) => a.ms - b.ms);
  const cut = Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1);
  const tail = sorted.slice(cut + 1);
  const rest = sorted.slice(0, cut + 1);
  if (!tail.length) return null;
  const mean = (xs: Sample[], f: (s: Sample) => number) => (xs.length ? xs.reduce((n, s) => n + f(s), 0) / xs.length : 0);
  return {
    requests: tail.length,
    meanMs: mean(tail, (s) => s.ms),
    meanWaitMs: mean(tail, (s) => s.wait),
    meanTurns: mean(tail, (s) => s.turns),
    restMeanWaitMs: mean(rest, (s) => s.wait),
    restMeanTurns: mean(rest, (s) => s.turns),
  };
}

/**
 * The same closed loop against bare Fastify (bench/bare-server.mjs): `connections` tabs each asking
 * for the constant envelope one request after the other, with the same client, so the ratio leaves
 * out what the client itself costs.
 */
export async function runBareLoop(url: string, connections: number, seconds: number): Promise<KindFigures> {
  const samples: Sample[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const res = await fetch(url);
          await res.text();
          samples.push({
            ms: performance.now() - t0,
            ok: res.ok,
            wait: 0,
            turns: 0,
            held: 0,
            failure: res.ok ? undefined : `HTTP ${res.status}`,
          });
        } catch (err) {
          samples.push({ ms: performance.now() - t0, ok: false, wait: 0, turns: 0, held: 0, failure: (err as Error).message });
        }
      }
    }),
  );
  return figures(samples);
}
