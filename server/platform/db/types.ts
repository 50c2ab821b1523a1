// Row types of the platform tables (migrations/0001_core.sql). int8 arrives as number and
// numeric as string on both drivers (see database.ts); dates as 'YYYY-MM-DD' strings.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface I18nText {
  'zh-CN'?: string;
  'zh-TW'?: string;
  'en-US'?: string;
  'pt-BR'?: string;
}

interface Audited {
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  created_by: number | null;
  updated_by: number | null;
  version: Generated<number>;
}

export interface DeptTable extends Audited {
  id: Generated<number>;
  top_dept_id: number;
  parent_id: Generated<number>;
  ancestors: Generated<string>;
  dept_name: string;
  top_dept_key: string | null;
  order_num: Generated<number>;
  leader_user_id: number | null;
  phone: string | null;
  email: string | null;
  status: Generated<string>;
}

export interface DeptBaseExtend {
  topDeptName?: string;
  otherSystemList?: Array<{ name: string; url: string }>;
  navLogoStr?: string;
  disable?: boolean;
}

export interface DeptBaseTable {
  top_dept_id: number;
  icon: string | null;
  login_title: string | null;
  login_logo: string | null;
  nav_title: string | null;
  nav_logo: string | null;
  label: string | null;
  extend: Json<DeptBaseExtend>;
  updated_at: Generated<Date>;
  updated_by: number | null;
  version: Generated<number>;
}

export interface UserTable extends Audited {
  id: Generated<number>;
  top_dept_id: number;
  dept_id: number | null;
  login_name: string;
  password_hash: string;
  real_name: string;
  nick_name: string | null;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  sex: Generated<string>;
  status: Generated<string>;
  re_password: Generated<boolean>;
  password_changed_at: Timestamp;
  remark: string | null;
  work_start_date: string | null;
}

export interface RoleTable extends Audited {
  id: Generated<number>;
  top_dept_id: number;
  role_name: string;
  role_key: string;
  role_sort: Generated<number>;
  data_scope: Generated<string>;
  status: Generated<string>;
  todo_home: Generated<boolean>;
  remark: string | null;
}

export interface MenuTable extends Audited {
  id: Generated<number>;
  top_dept_id: number;
  parent_id: Generated<number>;
  menu_key: string;
  menu_name: string;
  i18n: Json<I18nText>;
  menu_type: Generated<string>;
  path: string | null;
  component: string | null;
  redirect: string | null;
  target: string | null;
  icon: string | null;
  visible: Generated<string>;
  hidden_children: Generated<boolean>;
  hidden_header: Generated<boolean>;
  perms: string | null;
  order_num: Generated<number>;
  status: Generated<string>;
}

export interface DictTypeTable extends Audited {
  id: Generated<number>;
  top_dept_id: number;
  dict_name: string;
  dict_type: string;
  i18n: Json<I18nText>;
  status: Generated<string>;
  remark: string | null;
}

export interface DictDataTable extends Audited {
  id: Generated<number>;
  top_dept_id: number;
  dict_type: string;
  dict_label: string;
  dict_value: string;
  i18n: Json<I18nText>;
  dict_sort: Generated<number>;
  css_class: string | null;
  list_class: string | null;
  is_default: Generated<string>;
  status: Generated<string>;
  remark: string | null;
}

export interface ConfigTable extends Audited {
  id: Generated<number>;
  top_dept_id: number;
  config_name: string;
  config_key: string;
  config_value: Generated<string>;
  config_type: Generated<string>;
  remark: string | null;
}

export interface SessionTable {
  token_hash: string;
  user_id: number;
  top_dept_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
  last_seen_at: Timestamp | null;
}

/** A user's own settings (the account pages): profile text, layout and notification preferences. */
export interface UserSettingTable {
  user_id: number;
  top_dept_id: number;
  profile: string | null;
  layout: Json<Record<string, unknown>>;
  notify: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

export interface LoginAttemptTable {
  top_dept_id: number;
  login_name: string;
  /** The address the failures came from ('' for rows older than migration 0014). */
  ip: Generated<string>;
  fail_count: Generated<number>;
  locked_until: Timestamp | null;
  last_failed_at: Timestamp | null;
}

export interface BudgetHoldTable {
  top_dept_id: number;
  source_type: string;
  source_id: number;
  budget_id: number;
  amount: string;
}

/** The invoice register (migration 0019, server/entities/invoices.ts): who holds each invoice of a site. */
export interface InvoiceRegisterTable {
  id: Generated<number>;
  top_dept_id: number;
  register: string;
  invoice_key: string;
  line_entity: string;
  line_id: number;
  doc_id: number;
  created_at: Generated<Date>;
}

export interface SequenceTable {
  top_dept_id: number;
  seq_key: string;
  period: string;
  last_value: number;
}

export interface StateHistoryTable {
  id: Generated<number>;
  top_dept_id: number;
  entity: string;
  doc_id: number;
  action: string;
  from_state: string | null;
  to_state: string;
  user_id: number | null;
  created_at: Timestamp;
  source_entity: string | null;
  source_id: number | null;
  source_no: string | null;
  note: string | null;
}

export interface RateWindowTable {
  scope: string;
  subject: string;
  window_start: Timestamp;
  hits: number;
}

export interface CaptchaTable {
  captcha_key: string;
  top_dept_id: number;
  code_hash: string;
  expires_at: Timestamp;
}

export interface LoginLogTable {
  id: Generated<number>;
  top_dept_id: number;
  user_id: number | null;
  login_name: string;
  ip: string | null;
  user_agent: string | null;
  result: string;
  msg: string | null;
  created_at: Timestamp;
}

export interface OperLogTable {
  id: Generated<number>;
  top_dept_id: number;
  module: string;
  action: string;
  entity_id: string | null;
  user_id: number | null;
  dept_id: number | null;
  ip: string | null;
  url: string | null;
  method: string | null;
  params: Json<unknown> | null;
  result: Generated<string>;
  error: string | null;
  duration_ms: number | null;
  created_at: Timestamp;
}

export interface NoticeTable extends Audited {
  id: Generated<number>;
  top_dept_id: number;
  type: string;
  title: string;
  content: string;
  range_type: Generated<string>;
  dept_ids: Json<number[]>;
  role_ids: Json<number[]>;
  user_ids: Json<number[]>;
  status: Generated<string>;
  sent_at: Date | null;
  recipients: Generated<number>;
  extend: Json<Record<string, unknown>>;
  schema_version: string | null;
}

export interface NoticeUserRelTable {
  id: Generated<number>;
  top_dept_id: number;
  notice_id: number;
  user_id: number;
  type: string;
  title: string;
  content: string;
  extend: Json<Record<string, unknown>>;
  read_flag: Generated<string>;
  read_at: Date | null;
  created_at: Generated<Date>;
}

export interface OssConfigTable extends Audited {
  id: Generated<number>;
  top_dept_id: number;
  name: string;
  storage: Generated<string>;
  endpoint: string | null;
  region: string | null;
  bucket: string | null;
  access_key: string | null;
  secret_key: string | null;
  path_style: Generated<boolean>;
  public_url: string | null;
  master: Generated<boolean>;
  remark: string | null;
  extend: Json<Record<string, unknown>>;
  schema_version: string | null;
}

/** The release each site was last synced to (migrations/0035_site_sync.sql). */
export interface SiteSyncTable {
  top_dept_id: number;
  release: string;
  synced_at: Generated<Date>;
}

export interface DB {
  sys_site_sync: SiteSyncTable;
  sys_oss_config: OssConfigTable;
  sys_notice: NoticeTable;
  sys_notice_user_rel: NoticeUserRelTable;
  sys_dept: DeptTable;
  sys_dept_base: DeptBaseTable;
  sys_user: UserTable;
  sys_role: RoleTable;
  sys_user_role: { user_id: number; role_id: number };
  sys_role_dept: { role_id: number; dept_id: number };
  sys_menu: MenuTable;
  sys_role_menu: { role_id: number; menu_id: number };
  sys_dict_type: DictTypeTable;
  sys_dict_data: DictDataTable;
  sys_config: ConfigTable;
  sys_session: SessionTable;
  sys_user_setting: UserSettingTable;
  sys_login_attempt: LoginAttemptTable;
  sys_rate_window: RateWindowTable;
  sys_sequence: SequenceTable;
  sys_state_history: StateHistoryTable;
  nk_budget_hold: BudgetHoldTable;
  nk_invoice: InvoiceRegisterTable;
  sys_captcha: CaptchaTable;
  sys_login_log: LoginLogTable;
  sys_oper_log: OperLogTable;
}
