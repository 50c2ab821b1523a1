// The page bundle GET /api/schema/page/{component} answers, as the renderer reads it.
export type FieldType =
  | 'string'
  | 'text'
  | 'integer'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'dict'
  | 'ref'
  | 'refs'
  | 'files'
  | 'json';

export interface EntityField {
  name: string;
  type: FieldType;
  title: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** number: decimal places taken (default 2); more are refused, never rounded. */
  scale?: number;
  unique?: boolean;
  dict?: string;
  ref?: string;
  default?: unknown;
  query?: 'eq' | 'like' | 'in' | 'between' | 'gte' | 'lte' | 'contains';
  sortable?: boolean;
  readOnly?: boolean;
  /** Given when the record is made, the server's afterwards: read-only when a stored record is edited. */
  setOnce?: boolean;
  /** A secret: sent by requests, never in responses (a password box; empty keeps the stored one). */
  writeOnly?: boolean;
  maxFiles?: number;
  /** ref fields: the API and display field of the entity referred to. */
  refApi?: string;
  refDisplay?: string;
  /** The referred entity's pick endpoint (page, pageOfBase, all, list). */
  refPick?: string;
  /** The referred entity's parent field when its rows form a tree. */
  refTree?: string;
  /** The key the referred entity's choices need (its generic page): without it the picker is shut. */
  refKey?: string;
  /** The referred rows that fit: each named field of the row begins with one of the prefixes. */
  refPrefix?: Record<string, string[]>;
  /** The referred entity's picker columns (titles are text keys). */
  refColumns?: Array<{ field: string; title: string; type: FieldType; dict?: string }>;
  /** The query parameter the picker's typed text goes as (`keyword`: any of the picker's search fields). */
  refSearch?: string;
  /** An invoice's number in the site's invoice register, with the field of its code (validators/invoice.ts). */
  invoice?: { register: string; code?: string };
}

export interface PublicEntity {
  name: string;
  title: string;
  api: string;
  permission: string;
  readOnly: boolean;
  removable: boolean;
  display?: string;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  status?: { field: string };
  hasVersion: boolean;
  /** Rows form a tree by this field. */
  tree?: string;
  pick?: string;
  /** Endpoint under api that approve and reject go to (the entity's own audit call), else /workflow/task/<decision>. */
  decide?: string;
  /** A document that goes through approval: the meeting-record section's fields and rule. */
  meetingRecord?: boolean;
  /** The amount the meeting-record threshold reads. */
  meetingAmount?: string;
  /** Rows of its own table, whose changes the audit trail records: the history tab (issue 36). */
  trail?: boolean;
  /** A document's line collections (sub-tables), each with its line entity. */
  lines?: Record<string, { title: string; sum?: Record<string, string | { field: string; when: string }>; entity: PublicEntity }>;
  /** State actions that take inputs (a payment's method and voucher): action → fields. */
  inputs?: Record<string, string[]>;
  fields: EntityField[];
}

export interface ActionSchema {
  action:
    | 'add'
    | 'edit'
    | 'view'
    | 'remove'
    | 'export'
    | 'import'
    | 'status'
    | 'navigate'
    | 'request'
    | 'print'
    | 'download'
    | 'preview'
    | 'scan';
  title?: string;
  permission?: string;
  to?: string;
  /** download / preview: the row field holding the file's link (default url). */
  field?: string;
  endpoint?: string;
  confirm?: string;
  /** import: the dialog's explanation of the file (i18n key). */
  hint?: string;
  visible?: string;
  danger?: boolean;
  /** edit / add / view: the form file of this action's dialog. */
  form?: string;
  /** add: starting values; '{field}' takes the row's value. */
  initial?: Record<string, unknown>;
}

export interface ColumnSchema {
  field: string;
  title?: string;
  width?: number;
  filter?: 'number' | 'money' | 'date' | 'datetime' | 'dict' | 'text' | 'daysSince';
  ellipsis?: boolean;
  sortable?: boolean;
  link?: ActionSchema;
}

export interface ListTab {
  key: string;
  /** i18n key */
  title: string;
  query: Record<string, string>;
}

export interface ListSchema {
  component: string;
  entity: string;
  title?: string;
  /** A line above the table from GET <api>/<endpoint>: the text (i18n key) with its {name}s filled. */
  note?: { endpoint: string; text: string };
  query?: string[];
  /** Query fields chosen from an endpoint's [{ value, label }] (field → GET path). */
  queryOptions?: Record<string, string>;
  dateRange?: string;
  fixedQuery?: Record<string, string>;
  /** Query values every page, list and export request sends (running instances: ended=false). */
  filter?: Record<string, string>;
  /** Tabs over the table, each adding its own query values (my tasks: to do, done). */
  tabs?: ListTab[];
  columns: ColumnSchema[];
  defaultSort?: { field: string; order?: 'asc' | 'desc' };
  /** Rows per page to start with (default 10). */
  pageSize?: 10 | 20 | 30 | 40 | 50 | 100;
  /** Virtual rows: from how many rows on a page, the table's height, rows a wheel step scrolls (40, 560, 4). */
  virtual?: { from?: number; height?: number; step?: number };
  toolbar?: ActionSchema[];
  rowActions?: ActionSchema[];
  batchActions?: ActionSchema[];
  rowKey?: string;
  /** All rows as a tree by the entity's tree field. */
  tree?: boolean;
  /** Open a row from the URL: JSON in query parameter `param`, the row's id in its member `id`. */
  open?: { param: string; id: string; action?: 'view' | 'edit' };
}

export interface FormSchema {
  entity: string;
  mode?: 'modal' | 'drawer' | 'page';
  width?: number;
  labelCol?: number;
  /** 'vertical': labels above their controls. */
  layout?: 'horizontal' | 'vertical';
  meetingRecord?: boolean;
  /** A form that is a page of its own: the menu path that renders it, and where a save returns to. */
  page?: { component: string; path: string; back: string };
  /** Dialogs the save goes through first (./form/SubmitGates.tsx). */
  submitGates?: unknown[];
  schema: { type: 'object'; properties: Record<string, unknown> };
}

export interface PageBundle {
  component: string;
  /** The file the page is defined in (schemas/<area>/<name>.list.json): named when it fails. */
  source?: string;
  kind: 'list';
  list: ListSchema;
  form: FormSchema | null;
  /** Forms that actions name (a role's data scope), by file stem. */
  forms?: Record<string, FormSchema>;
  entity: PublicEntity;
  texts: Record<string, Record<string, string>>;
}

/** The bundle of a form that is a page of its own (a reimbursement's full-page form). */
export interface FormPageBundle {
  component: string;
  kind: 'form';
  form: FormSchema & { page: NonNullable<FormSchema['page']> };
  entity: PublicEntity;
  texts: Record<string, Record<string, string>>;
}

/** A tab of a detail page (`<entity>.detail.json`). */
export interface DetailTab {
  key: string;
  title: string;
  kind: 'form' | 'history' | 'rows' | 'qr';
  entity?: string;
  match?: Record<string, string>;
  columns?: string[];
  value?: string;
  caption?: string[];
}

/** The bundle of a record's read-only detail page (an asset card with its history and label). */
/** A report an endpoint answers whole (`<name>.report.json`, issue 34). */
export interface ReportPageBundle {
  component: string;
  kind: 'report';
  report: {
    entity: string;
    component: string;
    title?: string;
    permission: string;
    api: string;
    /** Only for whoever may export. */
    export?: { api: string; permission: string };
    query?: Array<{
      name: string;
      title: string;
      type: 'month' | 'select';
      default?: 'thisMonth';
      required?: boolean;
      options?: { api: string; value: string; label: string };
    }>;
    columns: Array<{ field: string; title: string; type?: 'text' | 'number' | 'money'; total?: boolean; width?: number }>;
    rowKey?: string[];
  };
  entity: PublicEntity;
  texts: Record<string, Record<string, string>>;
}

/** A week calendar of one resource's bookings (`<name>.calendar.json`). */
export interface CalendarPageBundle {
  component: string;
  kind: 'calendar';
  calendar: {
    entity: string;
    permission: string;
    /** The ref field a row is of; required without `views`, optional in the general kind. */
    resource?: string;
    from: string;
    to: string;
    title: string;
    color?: string;
    form?: string;
    /** The general calendar kind (issue 35, renderer/calendar/GeneralView.tsx): the views offered. */
    views?: Array<'month' | 'week' | 'day'>;
    /** Drag (a tap on a phone) over free time opens the add form with the range filled; only where set. */
    create?: { drag?: boolean };
    filters?: boolean | string[];
    /** i18n keys: the page's title and its empty text. */
    texts?: { title?: string; empty?: string };
    hours?: [number, number];
    step?: number;
    /** "day": one day of every resource (renderer/calendar/DayView.tsx); "team": a month or week of
     * every person (TeamView.tsx); default a week of one. */
    view?: 'week' | 'day' | 'team';
    /** team: the rows still pending, by field values (the server marks them `pending`). */
    pending?: Record<string, string[]>;
    active?: Record<string, string[]>;
  };
  /** The query fields the calendar filters by (its `filters`, or the entity's list's `query`). */
  query?: string[];
  form: FormSchema | null;
  entity: PublicEntity;
  /** The entity goes through approval: a submitted block opens its approval page. */
  process: boolean;
  texts: Record<string, Record<string, string>>;
}

export interface DetailPageBundle {
  component: string;
  kind: 'detail';
  detail: {
    entity: string;
    page: { component: string; path: string; back: string };
    heading: string[];
    lookup?: string;
    actions?: Array<{ title: string; endpoint: string; body?: Record<string, string>; permission: string }>;
    tabs: DetailTab[];
  };
  form: FormSchema | null;
  entity: PublicEntity;
  /** Entities whose rows a tab lists. */
  related: Record<string, PublicEntity>;
  texts: Record<string, Record<string, string>>;
}

export interface DictEntry {
  dictType: string;
  dictValue: string;
  dictLabel: string;
  listClass: string;
  isDefault: string;
}

export type Row = Record<string, unknown> & { id: number; version?: number };
