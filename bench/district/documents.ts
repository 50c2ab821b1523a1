// Reimbursement claims of one site written straight in SQL (issue 37): as many as a district's
// school collects over the years, with their lines and, for those that went through approval, the
// workflow's instance, tasks and history, so that lists, to-do lists and the home blocks read a
// realistic volume. Each batch is one statement (data-modifying CTEs): the ids are drawn from the
// tables' own sequences, so the rows sit beside what the product writes and the product goes on
// numbering after them. PostgreSQL and the embedded database (PGlite) alike.
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';

type Row = Record<string, any>;

export interface GenerateDocumentsOptions {
  /** The site (sys_dept.id of a top department) the claims belong to. */
  siteId: number;
  count: number;
  /** Lines per claim (default 3; the claim's money is their sum). */
  linesPerDoc?: number;
  /** The budget year of every claim (default this year): created over that year up to today. */
  year?: number;
  /** Claims per statement (default 100,000). */
  batch?: number;
  /** Told after each batch. */
  progress?: (written: number, count: number) => void;
}

export interface GeneratedDocuments {
  documents: number;
  lines: number;
  instances: number;
  tasks: number;
  history: number;
  seconds: number;
  /** Every row written (claims, lines, instances, tasks, history) per second. */
  rowsPerSecond: number;
}

/** Who decides a step of a claim's approval on the site: the candidates its latest claim had. */
async function candidatesOf(db: Kysely<any>, siteId: number, element: string, fallback: number[]): Promise<number[]> {
  const r = (
    await sql<Row>`select candidate_ids from wf_task where top_dept_id = ${siteId} and entity = 'reimburse'
      and element_id = ${element} order by id desc limit 1`.execute(db)
  ).rows[0];
  return r ? (r.candidate_ids as number[]).map(Number) : fallback;
}

export async function generateDocuments(db: Kysely<any>, options: GenerateDocumentsOptions): Promise<GeneratedDocuments> {
  const started = performance.now();
  const { siteId, count } = options;
  const lines = Math.max(1, Math.min(200, options.linesPerDoc ?? 3));
  const year = options.year ?? new Date().getFullYear();
  const batch = Math.max(1, options.batch ?? 100_000);

  // The site's departments and people: applicants are the people of a department, each claim the
  // department of its applicant.
  const people = (
    await sql<Row>`select u.id, u.dept_id, u.real_name from sys_user u join sys_dept d on d.id = u.dept_id
      where u.top_dept_id = ${siteId} and d.id <> ${siteId} and u.status = '0' order by u.id`.execute(db)
  ).rows;
  if (!people.length) throw new Error(`site ${siteId}: no person in a department to apply`);
  const indicators = (
    await sql<Row>`select id, economic_class from nk_budget where top_dept_id = ${siteId} and budget_year = ${String(year)}
      and (economic_class like '302%' or economic_class like '310%') order by id`.execute(db)
  ).rows;
  if (!indicators.length) throw new Error(`site ${siteId}: no expense indicator (302/310) in ${year}`);
  const definition = (
    await sql<Row>`select id, def_version from wf_definition where top_dept_id = ${siteId} and process_key = 'expense'
      order by def_version desc limit 1`.execute(db)
  ).rows[0];
  if (!definition) throw new Error(`site ${siteId}: the expense process is not deployed`);
  const leader = await candidatesOf(db, siteId, 'leader', [Number(people[0]!.id)]);
  const finance = await candidatesOf(db, siteId, 'finance', leader);
  const names = new Map(
    (
      await sql<Row>`select id, real_name from sys_user where id in (${sql.join([...leader, ...finance].map(Number))})`.execute(db)
    ).rows.map((r) => [Number(r.id), String(r.real_name)]),
  );
  const leaderId = Number(leader[0]);
  const financeId = Number(finance[0]);
  // Numbers after the site's own for that year, in the sequence's form (BX-yyyy-nnnnnnn).
  const first =
    Number(
      (
        await sql<Row>`select count(*) as n from exp_reimburse where top_dept_id = ${siteId} and budget_year = ${String(year)}`.execute(
          db,
        )
      ).rows[0]!.n,
    ) + 1;
  const begin = new Date(year, 0, 1).getTime();
  const end = Math.min(Date.now(), new Date(year + 1, 0, 1).getTime() - 1);
  const span = Math.max(1, Math.floor((end - begin) / 1000));

  const applicantIds = people.map((p) => Number(p.id));
  const applicantDepts = people.map((p) => Number(p.dept_id));
  const applicantNames = people.map((p) => String(p.real_name));
  const indicatorIds = indicators.map((r) => Number(r.id));
  const classes = indicators.map((r) => String(r.economic_class));
  const totals = { documents: 0, lines: 0, instances: 0, tasks: 0, history: 0 };

  for (let lo = 0; lo < count; lo += batch) {
    const hi = Math.min(count, lo + batch) - 1;
    // g numbers the claim within this run, created at a moment spread over the year. Claims of the
    // last fortnight are in every state (by g % 20: 2 drafts, 3 in approval, 12 approved, 2 rejected,
    // 1 withdrawn); older ones are settled — approved and paid, rejected, withdrawn, 2 % drafts left
    // behind — so the approvers' queues hold what a real school's do, not 15 % of all time.
    // Each batch in a transaction of its own with the triggers off (session_replication_role): the
    // audit trail records what people did, not a generator, and would write each batch as one
    // record of a hundred thousand entries; the foreign keys hold by construction (every id here
    // was just drawn or read from the site).
    const r = await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      return sql<Row>`
      with src as materialized (
        select g,
          nextval(pg_get_serial_sequence('exp_reimburse', 'id')) as id,
          (1 + (g::bigint * 7919) % ${applicantIds.length})::int as who,
          (1 + (g::bigint * 104729) % ${indicatorIds.length})::int as ind,
          to_timestamp(${begin / 1000}::float8 + ((g::bigint * 7919) % ${count}) * ${span}::bigint / ${Math.max(1, count)}) as at
        from generate_series(${lo}::int, ${hi}::int) g
      ), aged as (
        select src.*, at > to_timestamp(${end / 1000}::float8) - interval '14 days' as recent from src
      ), stated as (
        select aged.*,
          case when recent then
            case when g % 20 < 2 then '0' when g % 20 < 5 then '1' when g % 20 < 17 then '2' when g % 20 < 19 then '3' else '4' end
          else
            case when g % 50 = 0 then '0' when g % 20 < 17 then '2' when g % 20 < 19 then '3' else '4' end
          end as state,
          not recent or g % 20 < 11 as paid
        from aged
      ), docs as (
        select stated.*, (${sql.val(applicantIds)}::bigint[])[who] as applicant, (${sql.val(applicantDepts)}::bigint[])[who] as dept,
          (${sql.val(applicantNames)}::text[])[who] as applicant_name,
          (${sql.val(indicatorIds)}::bigint[])[ind] as budget, (${sql.val(classes)}::text[])[ind] as class,
          ${lines}::numeric * 10 + ((g * 31) % 4000)::numeric + ((g % 100)::numeric / 100) * ${lines} as money,
          case when state <> '0' then nextval(pg_get_serial_sequence('wf_instance', 'id')) end as instance
        from stated
      ), claims as (
        insert into exp_reimburse (id, top_dept_id, extend, version, created_by, created_at, updated_by, updated_at,
          reimburse_no, title, budget_id, money, allowance_total, invoice_total, write_off, payee, payee_account, payee_bank,
          reason, major_flag, budget_year, dept_id, approval_status, pay_state, pay_method, paid_date, voucher_no)
        select id, ${siteId}::bigint, '{"updateFlag":"0","showMeetingRecordFlag":"1","uploadMeetingRecordAudit":"0"}'::jsonb, 0,
          applicant, at, applicant, at,
          'BX-' || ${String(year)}::text || '-' || lpad((${first}::int + g)::text, 7, '0'),
          (array['差旅费报销', '办公用品采购报销', '教研资料印刷费', '培训费报销', '公务交通费'])[1 + g % 5] || ' ' || (g % 997),
          budget, money, 0, money, 0, applicant_name, '6222 0202 ' || lpad((g % 100000000)::text, 8, '0'), '中国工商银行示范区支行',
          case when g % 3 = 0 then '按标准据实报销' end, '0', ${String(year)}::text, dept, state,
          case when state = '2' and paid then '1' else '0' end,
          case when state = '2' and paid then '1' end,
          case when state = '2' and paid then (at + interval '3 days')::date end,
          case when state = '2' and paid then '记-' || lpad((g % 999)::text, 3, '0') end
        from docs
        returning 1
      ), items as (
        insert into exp_reimburse_line (top_dept_id, extend, version, created_by, created_at, updated_at, economic_class,
          summary, amount, doc_id, line_no)
        select ${siteId}::bigint, '{}'::jsonb, 0, applicant, at, at, class,
          (array['交通费', '住宿费', '资料费', '会务费', '餐费'])[1 + (g + k) % 5] || ' 第' || k || '项',
          case when k = 1 then money - (${lines} - 1) * 10 else 10 end, id, k
        from docs cross join generate_series(1, ${lines}::int) k
        returning 1
      ), instances as (
        insert into wf_instance (id, top_dept_id, definition_id, process_key, def_version, entity, business_key, title,
          starter_id, starter_dept_id, status, ended, current_nodes, variables, ended_at, created_by, created_at, updated_by, updated_at)
        select instance, ${siteId}::bigint, ${Number(definition.id)}::bigint, 'expense', ${Number(definition.def_version)}::int, 'reimburse', id,
          '报销单：BX-' || ${String(year)}::text || '-' || lpad((${first}::int + g)::text, 7, '0'), applicant, dept,
          case state when '1' then 'running' when '2' then 'approved' when '3' then 'rejected' else 'withdrawn' end,
          state <> '1', case when state = '1' then '财务审核' end,
          jsonb_build_object('money', money, 'deptId', dept, 'budgetId', budget),
          case when state <> '1' then at + interval '2 days' end, applicant, at, applicant, at
        from docs where instance is not null
        returning 1
      ), steps as (
        -- The department head's step for every submitted claim; finance's for those that got past it.
        select d.*, s.element, s.step
        from docs d cross join (values ('leader', 1), ('finance', 2)) s(element, step)
        where d.instance is not null and (s.step = 1 or d.state in ('1', '2'))
      ), tasks as (
        insert into wf_task (top_dept_id, instance_id, element_id, name, candidate_ids, status, decision, comment,
          completed_by, completed_at, entity, business_key, title, starter_id, created_at, reason, amount, dept_id)
        select ${siteId}::bigint, instance, element, case element when 'leader' then '部门负责人审批' else '财务审核' end,
          case element when 'leader' then ${JSON.stringify(leader)}::jsonb else ${JSON.stringify(finance)}::jsonb end,
          case when element = 'finance' and state = '1' then '0' when state = '4' then '2' else '1' end,
          case when element = 'finance' and state = '1' then null when state = '3' then 'reject' when state = '4' then null else 'approve' end,
          case when state = '3' then '请补充票据' when state = '2' or element = 'leader' then '同意' end,
          case when element = 'finance' and state = '1' or state = '4' then null when element = 'leader' then ${leaderId}::bigint else ${financeId}::bigint end,
          case when element = 'finance' and state = '1' or state = '4' then null else at + step * interval '1 day' end,
          'reimburse', id, '报销单：BX-' || ${String(year)}::text || '-' || lpad((${first}::int + g)::text, 7, '0'), applicant,
          at + (step - 1) * interval '1 day',
          jsonb_build_object('key', 'approval.reason.' || element, 'values', '{}'::jsonb), money, dept
        from steps
        returning 1
      ), history as (
        insert into wf_history (top_dept_id, instance_id, task_id, node_name, user_id, user_name, decision, comment, created_at)
        select ${siteId}::bigint, instance, null::bigint, '提交', applicant, applicant_name, 'submit', null::text, at from docs where instance is not null
        union all
        select ${siteId}::bigint, instance, null, case element when 'leader' then '部门负责人审批' else '财务审核' end,
          case element when 'leader' then ${leaderId}::bigint else ${financeId}::bigint end,
          case element when 'leader' then ${names.get(leaderId) ?? ''}::text else ${names.get(financeId) ?? ''}::text end,
          case when state = '3' then 'reject' else 'approve' end, case when state = '3' then '请补充票据' else '同意' end,
          at + step * interval '1 day'
        from steps where not (element = 'finance' and state = '1') and state <> '4'
        union all
        select ${siteId}::bigint, instance, null, '撤回', applicant, applicant_name, 'withdraw', null, at + interval '1 day'
        from docs where state = '4'
        returning 1
      )
      select (select count(*) from claims) as documents, (select count(*) from items) as lines,
        (select count(*) from instances) as instances, (select count(*) from tasks) as tasks,
        (select count(*) from history) as history`.execute(trx);
    });
    const n = r.rows[0]!;
    for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += Number(n[k]);
    options.progress?.(hi + 1, count);
  }
  for (const t of ['exp_reimburse', 'exp_reimburse_line', 'wf_instance', 'wf_task', 'wf_history'])
    await sql`analyze ${sql.table(t)}`.execute(db);
  const seconds = (performance.now() - started) / 1000;
  const rows = totals.documents + totals.lines + totals.instances + totals.tasks + totals.history;
  return { ...totals, seconds, rowsPerSecond: rows / seconds };
}
