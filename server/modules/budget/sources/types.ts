// The adapter interface between this system and the external systems of spec section 7: a school's
// finance system (budget indicators and its departments: pullBeiShiDaFuZhongBudget,
// getBudgetDeptBeiShiDaFuZhong) and a district's project system (hdProject: projects, signed links,
// people). Those systems cannot be reached from here; the adapter every site starts with ('file',
// ./file.ts) reads the same records from an uploaded xlsx or a JSON body. A site with a real
// connection registers its own adapter under a key (./registry.ts) and selects it by site config.
//
// An adapter only fetches and shapes records; it never writes. What a record does here (an
// indicator created or raised through the ledger, a user created with the site's rules) is decided
// by the core (./apply.ts), the same for every adapter, so a connector cannot bypass the rules.
import type { Kysely } from 'kysely';
import type { Locale } from '../../../../validators/locale.ts';
import type { Site } from '../../../platform/sites.ts';

/**
 * What the caller sent with the request. The file adapter needs a file or JSON; a connector that
 * fetches from its system may ignore it (kind 'none' when nothing was sent).
 */
export type SourceInput =
  { kind: 'none' } | { kind: 'json'; body: Record<string, unknown> } | { kind: 'xlsx'; fileName: string; buffer: Buffer };

export interface SourceContext {
  site: Site;
  /** The budget year the caller works in (header `year`). */
  year: string;
  locale: Locale;
  now: Date;
  /** The site's settings (sys_config), e.g. a connector's address. */
  config: ReadonlyMap<string, string>;
  /** A secret setting (stored encrypted, see ./secrets.ts) in clear text, or null when not set. */
  secret(key: string): string | null;
  /** Read-only access for adapters that keep what was imported (the file adapter's projects). */
  db: Kysely<any>;
}

/**
 * One record and where it came from, for the per-row report: the line of the xlsx (the header is
 * line 1) or the position in the JSON array (first = 1).
 */
export interface SourceRecord<T> {
  row: number;
  data: T;
}

/**
 * A budget indicator as the finance system has it. Values are text as the source gave them; the
 * core checks them (amount, dictionaries, department) and reports the row when one is wrong.
 */
export interface SourceIndicator {
  /** The indicator's code, unique in a year (our limit code). */
  limitCode: string;
  budgetName: string;
  /** The amount the finance system approved: the indicator's original amount here. */
  amount: string;
  /** Budget year; empty: the caller's year. Records of another year are skipped. */
  year?: string;
  /** The department by name, matched to ours (needed to create an indicator). */
  deptName?: string;
  projectName?: string;
  /** nk_expense_type: value (1, 2, 3) or label in any language. */
  expenseType?: string;
  functionalClass?: string;
  /** nk_economic_class: value (30201...) or label. */
  economicClass?: string;
  /** nk_fund_source: value or label. */
  fundSource?: string;
  financialAccountName?: string;
}

/** A department of the finance system. */
export interface SourceDept {
  code: string;
  name: string;
}

/** A project of the district's project system. */
export interface SourceProject {
  /** The district's id of the project (links name it). */
  projectId: string;
  projectName: string;
  projectCode?: string;
  /** What the district's link opens: 'contractForm' or a change form. */
  billType?: string;
  deptName?: string;
  amount?: string;
  budgetYear?: string;
  /** YYYY-MM-DD */
  startDate?: string;
  endDate?: string;
  content?: string;
  /** Anything else the district sends, kept as it came. */
  extra?: Record<string, unknown>;
}

/** A person of the district's people list, to become a user of the site. */
export interface SourcePerson {
  loginName: string;
  realName: string;
  deptName?: string;
  phone?: string;
  email?: string;
}

/** What a link from the district opens (DOMAIN.md): the bill type and the project's id. */
export interface BillLink {
  billType: string;
  id: string | number;
}

export interface BudgetSource {
  /** The key a site selects it by (config integration.budgetSource). */
  readonly key: string;
  /** The indicators the source has (any year: the core keeps the caller's). */
  pullIndicators(input: SourceInput, ctx: SourceContext): Promise<Array<SourceRecord<SourceIndicator>>>;
  /** The source's departments, for matching to ours. */
  departments(input: SourceInput, ctx: SourceContext): Promise<Array<SourceRecord<SourceDept>>>;
}

export interface ProjectSource {
  /** The key a site selects it by (config integration.projectSource). */
  readonly key: string;
  /** Projects to store here (hdProject/import). */
  projects(input: SourceInput, ctx: SourceContext): Promise<Array<SourceRecord<SourceProject>>>;
  /** One project by the district's id, or null when unknown (the file adapter: as last imported). */
  project(id: string, ctx: SourceContext): Promise<SourceProject | null>;
  /** The `info` of a district link → what it opens. Throws an AppError when refused. */
  decrypt(info: string, ctx: SourceContext): Promise<BillLink>;
  /** The district's people list (hdProject/initHaidianUser). */
  users(input: SourceInput, ctx: SourceContext): Promise<Array<SourceRecord<SourcePerson>>>;
}
