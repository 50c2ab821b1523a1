// Code generation (tool area): the tables a new entity can be generated from, a preview of the
// generated schema files, and the same files as a zip. Nothing is written on the server: the
// implementer unpacks the files into the repository, edits them and runs schemas:check.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import JSZip from 'jszip';
import { sql } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { t } from '../../platform/messages.ts';
import { CodegenError, fromColumns, fromSample, resolveOptions, type ColumnInfo, type Generated } from './generate.ts';

/** Platform tables no screen is made of; kysely_* (migrations) are left out too. */
const SYSTEM_TABLES = new Set(['sys_session', 'sys_captcha', 'sys_login_attempt']);
const MAX_SAMPLE_KEYS = 200;

const NAME = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-z][A-Za-z0-9]*$' } as const;

const BODY = {
  type: 'object',
  required: ['name', 'area'],
  additionalProperties: false,
  properties: {
    table: { type: 'string', minLength: 1, maxLength: 63, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
    sample: { type: 'object' },
    name: NAME,
    area: NAME,
    api: { type: 'string', maxLength: 100, pattern: '^/[a-z][A-Za-z/]*$' },
    permission: { type: 'string', maxLength: 81, pattern: '^[a-z][A-Za-z]*:[a-z][A-Za-z]*$' },
  },
} as const;

interface Body {
  table?: string;
  sample?: Record<string, unknown>;
  name: string;
  area: string;
  api?: string;
  permission?: string;
}

export interface TableInfo {
  name: string;
  columns: number;
}

export default function codegenRoutes(app: FastifyInstance, s: Services) {
  /** Tables of the current schema that no entity uses yet, with their column counts. */
  const candidateTables = async (): Promise<TableInfo[]> => {
    const taken = new Set(s.schemas.baseEntities().map((e) => e.table));
    const rows = await sql<{ name: string; columns: number }>`
      select t.table_name as name, count(c.column_name)::int as columns
      from information_schema.tables t
      join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      group by t.table_name
      order by t.table_name`.execute(s.database.db);
    return rows.rows
      .filter((r) => !taken.has(r.name) && !SYSTEM_TABLES.has(r.name) && !r.name.startsWith('kysely_'))
      .map((r) => ({ name: r.name, columns: Number(r.columns) }));
  };

  const columnsOf = async (table: string): Promise<ColumnInfo[]> => {
    const rows = await sql<{
      name: string;
      data_type: string;
      max_length: number | null;
      nullable: string;
      precision: number | null;
      scale: number | null;
    }>`
      select column_name as name, data_type, character_maximum_length as max_length, is_nullable as nullable,
        numeric_precision as precision, numeric_scale as scale
      from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}
      order by ordinal_position`.execute(s.database.db);
    return rows.rows.map((r) => ({
      name: r.name,
      dataType: r.data_type,
      maxLength: r.max_length === null ? null : Number(r.max_length),
      nullable: r.nullable === 'YES',
      precision: r.precision === null ? null : Number(r.precision),
      scale: r.scale === null ? null : Number(r.scale),
    }));
  };

  /** The files for a request, or the refusal that explains why not. */
  const generate = async (request: FastifyRequest<{ Body: Body }>): Promise<Generated> => {
    const body = request.body;
    if ((body.table === undefined) === (body.sample === undefined)) throw new AppError(Code.invalid, 'codegen.oneSource');
    const entities = s.schemas.baseEntities();
    if (entities.some((e) => e.name === body.name)) throw new AppError(Code.invalid, 'codegen.entityExists', { name: body.name });
    const options = { name: body.name, area: body.area, api: body.api, permission: body.permission };
    try {
      const { api } = resolveOptions(options);
      const same = entities.find((e) => e.api === api);
      if (same) throw new AppError(Code.invalid, 'codegen.apiExists', { api, entity: same.name });
      if (body.table !== undefined) {
        const table = body.table;
        if (!(await candidateTables()).some((x) => x.name === table)) {
          throw new AppError(Code.invalid, 'codegen.unknownTable', { table });
        }
        return fromColumns(table, await columnsOf(table), options);
      }
      const keys = Object.keys(body.sample!).length;
      if (keys < 1 || keys > MAX_SAMPLE_KEYS) throw new AppError(Code.invalid, 'codegen.badSample', { max: MAX_SAMPLE_KEYS });
      return fromSample(body.sample!, options);
    } catch (err) {
      if (!(err instanceof CodegenError)) throw err;
      if (err.problem === 'api') throw new AppError(Code.invalid, 'codegen.badApi', { api: err.value });
      if (err.problem === 'permission') throw new AppError(Code.invalid, 'codegen.badPermission', { permission: err.value });
      throw new AppError(Code.invalid, 'codegen.noFields');
    }
  };

  app.get('/tool/gen/tables', { config: { permission: 'tool:gen:list' } }, async (request) => ({
    code: Code.ok,
    data: await candidateTables(),
    msg: t('ok', request.locale),
  }));

  app.post<{ Body: Body }>(
    '/tool/gen/preview',
    { config: { permission: 'tool:gen:preview' }, schema: { body: BODY } },
    async (request) => ({ code: Code.ok, data: await generate(request), msg: t('ok', request.locale) }),
  );

  // The menu's "download" button is its own key: seeing the files and taking them away are granted apart.
  app.post<{ Body: Body }>(
    '/tool/gen/download',
    { config: { permission: 'tool:gen:download', log: { module: 'codegen', action: 'export' } }, schema: { body: BODY } },
    async (request, reply) => {
      const { files } = await generate(request);
      const zip = new JSZip();
      for (const f of files) zip.file(f.path, f.content);
      const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      const fileName = `${request.body.name}-schemas.zip`;
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(content);
    },
  );
}
