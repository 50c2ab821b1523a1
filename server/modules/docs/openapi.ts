// The OpenAPI 3.1 description of the whole API, generated from the routes as they were registered
// (their permission, their request schemas) and from the entity schemas behind the generic
// endpoints. Nothing here describes a route by hand: a route added anywhere shows up by itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';
import type { Services } from '../../platform/services.ts';
import type { Locale, Localized } from '../../../validators/locale.ts';
import { Code } from '../../platform/errors.ts';
import type { Permission } from '../../platform/gate.ts';
import { bodySchema } from '../../entities/registry.ts';
import type { EntityDef, FieldDef } from '../../entities/model.ts';
import { toWire, type Row } from '../../entities/rows.ts';

type Json = Record<string, unknown>;

/** A route as it was registered under /api: what the description is built from. */
export interface CollectedRoute {
  method: string;
  url: string;
  permission: Permission;
  site: boolean;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
  /** Where it was registered: 'entities' (the generic endpoints), 'modules/<name>', or null. */
  origin: string | null;
  /** A module's route standing in for a generic verb (config.docs). */
  standsIn?: FastifyContextConfig['docs'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route registered after collectRoutes(), in registration order. */
    apiRoutes: CollectedRoute[];
  }
}

const THIS_FILE = fileURLToPath(import.meta.url);

/** The registering source file of the route being added, read off the call stack. */
function originOf(): string | null {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const line of stack.split('\n')) {
    if (line.includes(THIS_FILE)) continue;
    const m = /[\\/]server[\\/](entities|modules[\\/][A-Za-z0-9_-]+)[\\/]/.exec(line);
    if (m) return m[1]!.replace('\\', '/');
  }
  return null;
}

/** Call right after installGate(), before any module registers: keeps every /api route. */
export function collectRoutes(app: FastifyInstance) {
  const routes: CollectedRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (!methods.length) return;
    const schema = (route.schema ?? {}) as CollectedRoute['schema'];
    const origin = originOf();
    for (const method of methods) {
      routes.push({
        method: method.toUpperCase(),
        url: route.url,
        permission: route.config?.permission ?? 'public',
        site: route.config?.site !== false,
        schema: { body: schema.body, querystring: schema.querystring, params: schema.params },
        origin,
        standsIn: route.config?.docs,
      });
    }
  });
}

// ---- texts ---------------------------------------------------------------------------------

type Verb = 'page' | 'list' | 'infoById' | 'export' | 'save' | 'update' | 'remove' | 'status' | 'import';

/** Summaries of the generic endpoints every entity has. */
const VERB_SUMMARY: Record<Verb, Localized> = {
  page: { 'zh-CN': '分页查询', 'zh-TW': '分頁查詢', 'en-US': 'Page of records', 'pt-BR': 'Página de registros' },
  list: { 'zh-CN': '列表查询', 'zh-TW': '列表查詢', 'en-US': 'List of records', 'pt-BR': 'Lista de registros' },
  infoById: { 'zh-CN': '按编号查询', 'zh-TW': '依編號查詢', 'en-US': 'Record by id', 'pt-BR': 'Registro por id' },
  export: { 'zh-CN': '导出 Excel', 'zh-TW': '匯出 Excel', 'en-US': 'Export to Excel', 'pt-BR': 'Exportar para Excel' },
  save: { 'zh-CN': '新增', 'zh-TW': '新增', 'en-US': 'Add a record', 'pt-BR': 'Adicionar registro' },
  update: { 'zh-CN': '修改', 'zh-TW': '修改', 'en-US': 'Edit a record', 'pt-BR': 'Editar registro' },
  remove: { 'zh-CN': '删除', 'zh-TW': '刪除', 'en-US': 'Remove records', 'pt-BR': 'Remover registros' },
  status: { 'zh-CN': '修改状态', 'zh-TW': '修改狀態', 'en-US': 'Change the status', 'pt-BR': 'Alterar a situação' },
  import: { 'zh-CN': '导入 Excel', 'zh-TW': '匯入 Excel', 'en-US': 'Import from Excel', 'pt-BR': 'Importar do Excel' },
};
const VERBS = Object.keys(VERB_SUMMARY) as Verb[];

/** The envelope codes of docs/decisions.md; a new code without its text fails the type check. */
const CODE_TEXT: Record<keyof typeof Code, Localized> = {
  ok: { 'zh-CN': '成功', 'zh-TW': '成功', 'en-US': 'success', 'pt-BR': 'sucesso' },
  invalid: {
    'zh-CN': '输入无效（msg 指明字段）',
    'zh-TW': '輸入無效（msg 指明欄位）',
    'en-US': 'invalid input (msg names the field)',
    'pt-BR': 'entrada inválida (msg indica o campo)',
  },
  badCredentials: {
    'zh-CN': '账号或密码错误',
    'zh-TW': '帳號或密碼錯誤',
    'en-US': 'wrong account or password',
    'pt-BR': 'conta ou senha incorreta',
  },
  loginExpired: {
    'zh-CN': '无令牌、令牌过期或已注销，或属于其他单位',
    'zh-TW': '無權杖、權杖過期或已註銷，或屬於其他單位',
    'en-US': 'no, expired or revoked token, or a token of another site',
    'pt-BR': 'token ausente, expirado, revogado ou de outro site',
  },
  forbidden: {
    'zh-CN': '缺少权限标识（或需先修改密码）',
    'zh-TW': '缺少權限標識（或需先修改密碼）',
    'en-US': 'missing permission key (or a password change is pending)',
    'pt-BR': 'falta a chave de permissão (ou há troca de senha pendente)',
  },
  captcha: {
    'zh-CN': '需要验证码或验证码错误（data { captchaRequired: true }）',
    'zh-TW': '需要驗證碼或驗證碼錯誤（data { captchaRequired: true }）',
    'en-US': 'captcha needed or wrong (data { captchaRequired: true })',
    'pt-BR': 'captcha necessário ou incorreto (data { captchaRequired: true })',
  },
  locked: { 'zh-CN': '账号已锁定', 'zh-TW': '帳號已鎖定', 'en-US': 'account locked', 'pt-BR': 'conta bloqueada' },
  disabled: { 'zh-CN': '账号已停用', 'zh-TW': '帳號已停用', 'en-US': 'account disabled', 'pt-BR': 'conta desativada' },
  notEnabled: {
    'zh-CN': '功能未启用',
    'zh-TW': '功能未啟用',
    'en-US': 'feature not enabled',
    'pt-BR': 'recurso não habilitado',
  },
  notFound: {
    'zh-CN': '不存在或不属于本单位',
    'zh-TW': '不存在或不屬於本單位',
    'en-US': 'not found, or not yours',
    'pt-BR': 'não encontrado, ou não é seu',
  },
  unknownSite: { 'zh-CN': '未知单位', 'zh-TW': '未知單位', 'en-US': 'unknown site', 'pt-BR': 'site desconhecido' },
  conflict: {
    'zh-CN': '冲突（重复或数据已被他人修改）',
    'zh-TW': '衝突（重複或資料已被他人修改）',
    'en-US': 'conflict (duplicate, or changed by someone else)',
    'pt-BR': 'conflito (duplicado, ou alterado por outra pessoa)',
  },
  tooLarge: { 'zh-CN': '请求过大', 'zh-TW': '請求過大', 'en-US': 'too large', 'pt-BR': 'grande demais' },
  confirm: {
    'zh-CN': '需要确认（同一请求加 confirmed=1 再发）',
    'zh-TW': '需要確認（同一請求加 confirmed=1 再發）',
    'en-US': 'confirm first (send the same request again with confirmed=1)',
    'pt-BR': 'confirme primeiro (envie a mesma requisição com confirmed=1)',
  },
  tooMany: {
    'zh-CN': '请求过于频繁（见 Retry-After）',
    'zh-TW': '請求過於頻繁（見 Retry-After）',
    'en-US': 'too many requests (see Retry-After)',
    'pt-BR': 'requisições demais (veja Retry-After)',
  },
  unsupportedType: {
    'zh-CN': '不支持的内容类型',
    'zh-TW': '不支援的內容類型',
    'en-US': 'unsupported content type',
    'pt-BR': 'tipo de conteúdo não suportado',
  },
  error: { 'zh-CN': '服务器内部错误', 'zh-TW': '伺服器內部錯誤', 'en-US': 'internal error', 'pt-BR': 'erro interno' },
  unavailable: {
    'zh-CN': '该功能的定义文件有误，暂停服务',
    'zh-TW': '該功能的定義檔案有誤，暫停服務',
    'en-US': 'the area\'s definition is broken: out of service',
    'pt-BR': 'a definição da área está com erro: fora de serviço',
  },
};

/** The envelope codes with their meaning, in one language. */
export function codeList(locale: Locale): Array<[string, string]> {
  return (Object.keys(Code) as Array<keyof typeof Code>).map((k) => [Code[k], CODE_TEXT[k][locale]]);
}

const TEXT = {
  envelope: {
    'zh-CN': '统一响应信封：业务结果在 code 中，HTTP 状态为 200。code 取值：',
    'zh-TW': '統一回應信封：業務結果在 code 中，HTTP 狀態為 200。code 取值：',
    'en-US': 'The response envelope: the outcome is in `code`, HTTP status 200. Codes:',
    'pt-BR': 'O envelope da resposta: o resultado está em `code`, status HTTP 200. Códigos:',
  },
  transport: {
    'zh-CN': '传输错误（未知接口 40400、请求过大 41300、内容类型 41500、JSON 格式错误 40000），同一信封，data 为 null',
    'zh-TW': '傳輸錯誤（未知介面 40400、請求過大 41300、內容類型 41500、JSON 格式錯誤 40000），同一信封，data 為 null',
    'en-US':
      'Transport fault (unknown endpoint 40400, body too large 41300, content type 41500, malformed JSON 40000), same envelope, data null',
    'pt-BR':
      'Falha de transporte (endpoint desconhecido 40400, corpo grande demais 41300, tipo de conteúdo 41500, JSON malformado 40000), mesmo envelope, data nulo',
  },
  token: {
    'zh-CN': '登录返回的令牌，放在 token 请求头中',
    'zh-TW': '登入回傳的權杖，放在 token 請求標頭中',
    'en-US': 'The token sign-in returns, sent in the `token` header',
    'pt-BR': 'O token devolvido pelo login, enviado no cabeçalho `token`',
  },
  hostname: {
    'zh-CN': '单位所在主机名（浏览器发送；缺省时取 Host）',
    'zh-TW': '單位所在主機名稱（瀏覽器傳送；預設取 Host）',
    'en-US': "The site's host name (the browser sends it; Host otherwise)",
    'pt-BR': 'O nome de host do site (o navegador o envia; senão o Host)',
  },
  pageNum: { 'zh-CN': '页码', 'zh-TW': '頁碼', 'en-US': 'Page number', 'pt-BR': 'Número da página' },
  pageSize: { 'zh-CN': '每页条数', 'zh-TW': '每頁筆數', 'en-US': 'Rows per page', 'pt-BR': 'Linhas por página' },
  sortField: { 'zh-CN': '排序字段', 'zh-TW': '排序欄位', 'en-US': 'Sort field', 'pt-BR': 'Campo de ordenação' },
  sortOrder: { 'zh-CN': '排序方向', 'zh-TW': '排序方向', 'en-US': 'Sort order', 'pt-BR': 'Sentido da ordenação' },
  beginTime: { 'zh-CN': '开始日期', 'zh-TW': '開始日期', 'en-US': 'From date', 'pt-BR': 'Data inicial' },
  endTime: { 'zh-CN': '结束日期', 'zh-TW': '結束日期', 'en-US': 'To date', 'pt-BR': 'Data final' },
  from: { 'zh-CN': '起', 'zh-TW': '起', 'en-US': 'from', 'pt-BR': 'de' },
  to: { 'zh-CN': '止', 'zh-TW': '止', 'en-US': 'to', 'pt-BR': 'até' },
  like: { 'zh-CN': '包含', 'zh-TW': '包含', 'en-US': 'contains', 'pt-BR': 'contém' },
  eq: { 'zh-CN': '等于', 'zh-TW': '等於', 'en-US': 'equals', 'pt-BR': 'igual a' },
  contains: {
    'zh-CN': '涉及的单据（ID，或选定单据类型后的单号）',
    'zh-TW': '涉及的單據（ID，或選定單據類型後的單號）',
    'en-US': 'the document concerned (its id, or its number once the type is chosen)',
    'pt-BR': 'o documento em causa (seu id, ou seu número com o tipo escolhido)',
  },
  in: {
    'zh-CN': '属于（逗号分隔）',
    'zh-TW': '屬於（逗號分隔）',
    'en-US': 'one of (comma separated)',
    'pt-BR': 'um de (separados por vírgula)',
  },
  gte: { 'zh-CN': '不小于', 'zh-TW': '不小於', 'en-US': 'at least', 'pt-BR': 'no mínimo' },
  lte: { 'zh-CN': '不大于', 'zh-TW': '不大於', 'en-US': 'at most', 'pt-BR': 'no máximo' },
  columns: {
    'zh-CN': '导出的字段（逗号分隔，缺省为全部）',
    'zh-TW': '匯出的欄位（逗號分隔，預設為全部）',
    'en-US': 'Fields to export (comma separated, all by default)',
    'pt-BR': 'Campos a exportar (separados por vírgula, todos por padrão)',
  },
  ids: { 'zh-CN': '编号列表', 'zh-TW': '編號列表', 'en-US': 'Ids', 'pt-BR': 'Ids' },
  file: {
    'zh-CN': 'Excel 文件（.xlsx）',
    'zh-TW': 'Excel 檔案（.xlsx）',
    'en-US': 'Excel file (.xlsx)',
    'pt-BR': 'Arquivo Excel (.xlsx)',
  },
  label: { 'zh-CN': '显示名', 'zh-TW': '顯示名稱', 'en-US': 'display label', 'pt-BR': 'rótulo' },
  docs: {
    'zh-CN': '由代码和实体定义生成的接口说明',
    'zh-TW': '由程式碼和實體定義產生的介面說明',
    'en-US': 'The API as the code and the entity schemas define it, generated',
    'pt-BR': 'A API como o código e os esquemas de entidade a definem, gerada',
  },
} satisfies Record<string, Localized>;

const VERSION = String(
  (
    JSON.parse(fs.readFileSync(path.resolve(path.dirname(THIS_FILE), '../../../package.json'), 'utf8')) as {
      version: string;
    }
  ).version,
);

// ---- building --------------------------------------------------------------------------------

const clone = <T>(v: T): T => structuredClone(v);

/** Name of the path parameter a Fastify wildcard (`/a/*`) stands for in the description. */
const WILDCARD = 'rest';

/** Fastify's /a/:id and /a/* → OpenAPI's /a/{id} and /a/{rest}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}').replace(/\*$/, `{${WILDCARD}}`);

/** The path parameters of a Fastify url, in order. */
const pathNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((m) => m[1] ?? WILDCARD);

/** 'getDictByTypes' → 'Get dict by types': a route of a module has no summary of its own. */
function humanize(url: string): string {
  const words = url
    .split('/')
    .filter((p) => p && !p.startsWith(':') && p !== '*' && p !== 'api' && p !== 'core')
    .map((p) =>
      p
        .replace(/[_-]+/g, ' ')
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .toLowerCase(),
    );
  const text = words.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function operationIdOf(method: string, url: string): string {
  const parts = url
    .split('/')
    .filter((p) => p && p !== 'api')
    .map((p) => (p.startsWith(':') ? `by_${p.slice(1)}` : p === '*' ? `by_${WILDCARD}` : p))
    .flatMap((p) => p.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...parts].map((p, i) => (i ? p.charAt(0).toUpperCase() + p.slice(1) : p)).join('');
}

function fieldTitle(s: Services, f: FieldDef | string, locale: Locale): string {
  const key = typeof f === 'string' ? f : f.title;
  return s.schemas.texts[key]?.[locale] ?? (typeof f === 'string' ? key : f.name);
}

/** The JSON type of a field's value on the wire (as the row data carries it). */
function wireType(f: FieldDef): Json {
  switch (f.type) {
    case 'integer':
    case 'ref':
      return { type: 'integer' };
    case 'number':
      return { type: 'number' };
    case 'money':
      return { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'files':
      return { type: 'array', items: { type: 'object' } };
    case 'refs':
      return { type: 'array', items: { type: 'integer' } };
    case 'json':
      return { type: ['object', 'array'] };
    default:
      return { type: 'string' };
  }
}

/** The same value as a query parameter. */
function queryType(f: FieldDef): Json {
  switch (f.type) {
    case 'integer':
    case 'ref':
      return { type: 'integer' };
    case 'number':
    case 'money':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
    case 'datetime':
      return { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}' };
    default:
      return { type: 'string', maxLength: 200 };
  }
}

function nullable(schema: Json): Json {
  const type = schema.type;
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  if (Array.isArray(type)) return { ...schema, type: [...type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** A row of the entity as the generic endpoints answer it: the members toWire() gives a row. */
function rowSchema(s: Services, e: EntityDef, locale: Locale): Json {
  const sample: Row = { id: 1, version: 0, schema_version: '', extend: {} };
  for (const f of e.fields) sample[f.column] = null;
  const properties: Record<string, Json> = {};
  for (const key of Object.keys(toWire(e, sample))) {
    const f = e.byName.get(key);
    if (f) properties[key] = { ...(f.required ? wireType(f) : nullable(wireType(f))), title: fieldTitle(s, f, locale) };
    else if (key === 'id') properties.id = { type: 'integer', title: fieldTitle(s, 'common.id', locale) };
    else if (key === 'version') properties.version = { type: 'integer' };
    else if (key === 'extend') {
      // File lists travel as JSON text under extend.<field>.
      const files = e.fields.filter((x) => x.type === 'files' && !x.hidden);
      properties.extend = {
        type: 'object',
        properties: Object.fromEntries(
          files.map((x) => [x.name, { type: 'string', contentMediaType: 'application/json', title: fieldTitle(s, x, locale) }]),
        ),
      };
    } else properties[key] = { type: 'string' };
  }
  for (const f of e.fields) {
    if (f.type === 'ref' && !f.hidden && f.ref) {
      properties[`${f.name}Label`] = { type: ['string', 'null'], title: `${fieldTitle(s, f, locale)} (${TEXT.label[locale]})` };
    }
  }
  return { type: 'object', properties };
}

const sortable = (e: EntityDef) => [
  'id',
  ...e.fields.filter((f) => !f.hidden && f.sortable !== false && f.type !== 'json' && f.type !== 'files').map((f) => f.name),
];

/** Query parameters of page, list and export: paging, sorting, the date range, each field's filter. */
function listParameters(s: Services, e: EntityDef, locale: Locale, verb: 'page' | 'list' | 'export'): Json[] {
  const q = (name: string, schema: Json, description: string): Json => ({
    name,
    in: 'query',
    required: false,
    description,
    schema,
  });
  const out: Json[] = [];
  if (verb === 'page') {
    out.push(q('pageNum', { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 }, TEXT.pageNum[locale]));
    out.push(q('pageSize', { type: 'integer', minimum: 1, maximum: 100, default: 10 }, TEXT.pageSize[locale]));
  }
  out.push(q('sortField', { type: 'string', enum: sortable(e), default: e.defaultSort.field }, TEXT.sortField[locale]));
  out.push(q('sortOrder', { type: 'string', enum: ['asc', 'desc'], default: e.defaultSort.order }, TEXT.sortOrder[locale]));
  const range = e.fields.find((f) => f.query === 'between' && (f.type === 'date' || f.type === 'datetime'));
  if (range) {
    const title = fieldTitle(s, range, locale);
    out.push(q('parameter.beginTime', queryType(range), `${TEXT.beginTime[locale]} (${title})`));
    out.push(q('parameter.endTime', queryType(range), `${TEXT.endTime[locale]} (${title})`));
  }
  for (const f of e.fields) {
    if (!f.query || f.hidden) continue;
    const title = fieldTitle(s, f, locale);
    if (f.query === 'between') {
      out.push(q(`${f.name}Begin`, queryType(f), `${title} ${TEXT.from[locale]}`));
      out.push(q(`${f.name}End`, queryType(f), `${title} ${TEXT.to[locale]}`));
    } else if (f.query === 'contains') {
      out.push(q(f.name, { type: 'string', maxLength: 100 }, `${title}: ${TEXT.contains[locale]}`));
    } else if (f.query === 'in') {
      out.push(q(f.name, { type: 'string', maxLength: 200 }, `${title}: ${TEXT.in[locale]}`));
    } else {
      out.push(q(f.name, queryType(f), `${title}: ${TEXT[f.query][locale]}${f.dict ? ` (dict ${f.dict})` : ''}`));
    }
  }
  if (verb === 'export') out.push(q('columns', { type: 'string', maxLength: 2000 }, TEXT.columns[locale]));
  return out;
}

const baseByName = new WeakMap<Services, Map<string, EntityDef>>();

/** A save/update body with each property titled in the caller's language. */
function entityBody(s: Services, e: EntityDef, mode: 'save' | 'update', locale: Locale): Json {
  // A document's lines are in its body, each line like a row of its line entity.
  let entities = baseByName.get(s);
  if (!entities) baseByName.set(s, (entities = new Map(s.schemas.baseEntities().map((x) => [x.name, x]))));
  const schema = clone(bodySchema(e, mode, entities)) as Json & { properties: Record<string, Json> };
  for (const [name, prop] of Object.entries(schema.properties)) {
    const f = e.byName.get(name);
    if (f) {
      prop.title = fieldTitle(s, f, locale);
      if (f.dict) prop.description = `dict ${f.dict}`;
      if (f.ref) prop.description = `ref ${f.ref}`;
    } else if (name === 'id') prop.title = fieldTitle(s, 'common.id', locale);
  }
  return schema;
}

interface Generic {
  entity: EntityDef;
  verb: Verb;
}

/** The entity and verb of a generic endpoint (url `/api<entity.api>/<verb>`). */
function genericOf(route: CollectedRoute, byApi: Map<string, EntityDef>): Generic | null {
  if (route.origin && route.origin !== 'entities' && !route.standsIn) return null;
  const m = /^\/api(\/.+)\/([A-Za-z]+)(?:\/:id)?$/.exec(route.url);
  if (!m) return null;
  const entity = byApi.get(m[1]!);
  const verb = m[2] as Verb;
  if (route.standsIn && route.standsIn.verb !== verb) return null;
  if (!entity || !VERBS.includes(verb) || (verb === 'infoById') !== route.url.endsWith('/:id')) return null;
  return { entity, verb };
}

/** The entity whose api the url lies under, longest prefix first. */
function entityUnder(url: string, entities: EntityDef[]): EntityDef | undefined {
  return entities.find((e) => url === `/api${e.api}` || url.startsWith(`/api${e.api}/`));
}

function tagOf(route: CollectedRoute, entities: EntityDef[]): string {
  const entity = entityUnder(route.url, entities);
  if (entity) return entity.name;
  if (route.origin?.startsWith('modules/')) return route.origin.slice('modules/'.length);
  return route.url.split('/').filter((p) => p && p !== 'api' && p !== 'core')[0] ?? 'api';
}

function parametersOf(schema: unknown, where: 'query' | 'path'): Json[] {
  const s = schema as { properties?: Record<string, Json>; required?: string[] } | undefined;
  if (!s?.properties) return [];
  return Object.entries(s.properties).map(([name, prop]) => {
    const p: Json = { name, in: where, required: where === 'path' || Boolean(s.required?.includes(name)), schema: clone(prop) };
    if (typeof prop.description === 'string') p.description = prop.description;
    return p;
  });
}

function envelope(data: Json): Json {
  return {
    type: 'object',
    required: ['code', 'data', 'msg'],
    properties: { code: { type: 'string', enum: Object.values(Code) }, data, msg: { type: 'string' } },
  };
}

function dataOf(g: Generic | null): Json {
  if (!g) return {};
  const row = { $ref: `#/components/schemas/${g.entity.name}` };
  switch (g.verb) {
    case 'page':
      return {
        type: 'object',
        properties: {
          records: { type: 'array', items: row },
          total: { type: 'integer' },
          current: { type: 'integer' },
          pageNum: { type: 'integer' },
          pageSize: { type: 'integer' },
          pages: { type: 'integer' },
        },
      };
    case 'list':
      return { type: 'array', items: row };
    case 'remove':
      return { type: 'object', properties: { removed: { type: 'integer' } } };
    case 'import':
      return { type: 'object', properties: { imported: { type: 'integer' } } };
    default:
      return row;
  }
}

function requestBodyOf(s: Services, route: CollectedRoute, g: Generic | null, locale: Locale): Json | undefined {
  const json = (schema: unknown): Json => ({ required: true, content: { 'application/json': { schema: clone(schema) } } });
  if (g) {
    const statusField = g.entity.status ? g.entity.byName.get(g.entity.status.field) : undefined;
    switch (g.verb) {
      case 'save':
      case 'update': {
        const body = entityBody(s, g.entity, g.verb, locale) as Json & { properties: Record<string, Json> };
        for (const [name, prop] of Object.entries(route.standsIn?.extra ?? {}))
          body.properties[name] = { ...prop, title: fieldTitle(s, String(prop.title ?? name), locale) } as Json;
        return json(body);
      }
      case 'status':
        return json({
          type: 'object',
          // The version read with the row, as an update sends it: a stale or missing one is refused.
          required: g.entity.has.version ? ['id', 'version', 'status'] : ['id', 'status'],
          properties: {
            id: { type: 'integer', minimum: 1, title: fieldTitle(s, 'common.id', locale) },
            ...(g.entity.has.version ? { version: { type: 'integer', minimum: 0 } } : {}),
            status: { type: 'string', title: statusField ? fieldTitle(s, statusField, locale) : 'status' },
          },
        });
      case 'remove':
        return json({
          type: 'object',
          properties: {
            ids: {
              title: TEXT.ids[locale],
              anyOf: [
                { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 500 },
                { type: 'string', pattern: '^\\d+(,\\d+)*$' },
              ],
            },
            id: { type: 'integer', minimum: 1, title: fieldTitle(s, 'common.id', locale) },
          },
        });
      case 'import':
        return {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', title: TEXT.file[locale] } },
              },
            },
          },
        };
    }
  }
  return route.schema.body ? json(route.schema.body) : undefined;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function operation(s: Services, route: CollectedRoute, g: Generic | null, tag: string, locale: Locale): Json {
  const parameters: Json[] = [];
  const declared = parametersOf(route.schema.params, 'path');
  for (const name of pathNames(route.url)) {
    const found = declared.find((p) => p.name === name);
    if (found) parameters.push(found);
    else if (g?.verb === 'infoById' && name === 'id') {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
    } else if (name === WILDCARD && route.url.endsWith('*')) {
      parameters.push({
        name,
        in: 'path',
        required: true,
        description: 'path/to/file (may contain /)',
        schema: { type: 'string' },
      });
    } else parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  if (g && (g.verb === 'page' || g.verb === 'list' || g.verb === 'export')) {
    parameters.push(...listParameters(s, g.entity, locale, g.verb));
  } else parameters.push(...parametersOf(route.schema.querystring, 'query'));
  if (route.site) parameters.push({ $ref: '#/components/parameters/hostname' });

  const codes = codeList(locale).map(([code, text]) => `- \`${code}\` ${text}`);
  const ok: Json =
    g?.verb === 'export'
      ? { description: XLSX, content: { [XLSX]: { schema: { type: 'string', contentMediaType: XLSX } } } }
      : {
          description: [TEXT.envelope[locale], ...codes].join('\n'),
          content: { 'application/json': { schema: envelope(dataOf(g)) } },
        };
  const op: Json = {
    tags: [tag],
    summary: g ? VERB_SUMMARY[g.verb][locale] : humanize(route.url),
    operationId: operationIdOf(route.method, route.url),
    'x-permission': route.permission,
    security: route.permission === 'public' ? [] : [{ token: [] }],
  };
  if (parameters.length) op.parameters = parameters;
  const body = requestBodyOf(s, route, g, locale);
  if (body) op.requestBody = body;
  op.responses = {
    '200': ok,
    '4XX': {
      description: TEXT.transport[locale],
      content: { 'application/json': { schema: envelope({ type: 'null' }) } },
    },
  };
  return op;
}

/** The whole description, in one language (titles of fields and summaries of the generic verbs). */
export function buildOpenApi(app: FastifyInstance, s: Services, locale: Locale): Json {
  const entities = s.schemas.baseEntities().sort((a, b) => b.api.length - a.api.length);
  const byApi = new Map(entities.map((e) => [e.api, e]));
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Map<string, Json>();
  const operationIds = new Set<string>();
  const used = new Set<EntityDef>();

  for (const route of app.apiRoutes) {
    const g = genericOf(route, byApi);
    const tag = g?.entity.name ?? tagOf(route, entities);
    if (!tags.has(tag)) {
      const entity = entities.find((e) => e.name === tag);
      tags.set(tag, entity ? { name: tag, description: fieldTitle(s, entity.title, locale) } : { name: tag });
    }
    if (g) used.add(g.entity);
    const op = operation(s, route, g, tag, locale);
    let id = String(op.operationId);
    for (let n = 2; operationIds.has(id); n++) id = `${op.operationId}${n}`;
    operationIds.add(id);
    op.operationId = id;
    (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = op;
  }

  const schemas = Object.fromEntries(
    [...used].sort((a, b) => a.name.localeCompare(b.name)).map((e) => [e.name, rowSchema(s, e, locale)]),
  );
  return {
    openapi: '3.1.0',
    info: { title: '内控系统 API', version: VERSION, description: TEXT.docs[locale] },
    tags: [...tags.values()],
    paths,
    components: {
      schemas,
      parameters: {
        hostname: {
          name: 'hostname',
          in: 'header',
          required: false,
          description: TEXT.hostname[locale],
          schema: { type: 'string', maxLength: 255 },
        },
      },
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token', description: TEXT.token[locale] } },
    },
  };
}
