// The approval rules (审批规则, issue 33): the settings of schemas/system/configs.json's `approval`
// group — the head's threshold, the owning departments, the copies — that the default processes
// read by name (setting('approval.headThreshold'), nk:candidates="setting:…"). Finance keeps them on
// a screen of their own (src/views/workflow/ApprovalRules.tsx) without the settings screen's
// permission: this list and one update, which goes through the config entity's own update (its
// version, its hooks, its trail, the site's caches), so the next document submitted on this site
// follows the new rule; nothing else changes, no restart.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { EntityService } from '../../entities/crud.ts';
import { defineHooks } from '../../entities/hooks.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { loadConfigs, type ConfigManifest } from '../../seed/manifests.ts';
import { localizeConfig } from '../system/configs.ts';

type Setting = ConfigManifest['configs'][number];

let declared: Setting[] | null = null;
/** The release's settings of the approval group, in the order configs.json lists them. */
export function approvalSettings(): Setting[] {
  // configs.json never sound since the start (issue 35): none yet, asked again next time.
  const manifest = declared ? null : loadConfigs();
  if (manifest) declared = manifest.configs.filter((c) => c.group === 'approval');
  return declared ?? [];
}

let choices: Map<string, Setting> | null = null;

const ROLE_ENTRY = /^role:([A-Za-z][A-Za-z0-9_-]{0,63})$/;
const USER_ENTRY = /^user:(\d{1,12})$/;

// A setting that names a role, or the people a step copies (configs.json `choice`): only what the
// site has, refused where it is typed — never a rule that silently asks nobody.
defineHooks('config', {
  async beforeSave({ trx, site, request }, row, existing) {
    const manifest = choices ? null : loadConfigs();
    if (manifest) choices = new Map(manifest.configs.flatMap((c) => (c.choice ? [[c.key, c]] : [])));
    const setting = choices?.get(String(row.configKey ?? existing?.configKey ?? ''));
    if (!setting || !('configValue' in row)) return;
    const text = String(row.configValue ?? '').trim();
    const refuse = (key: 'config.badRole' | 'config.badRecipients') => {
      throw new AppError(Code.invalid, key, { name: setting.name[request.locale], value: text.slice(0, 60) });
    };
    const roleExists = async (key: string) =>
      (
        await sql`select 1 from sys_role where top_dept_id = ${site.id} and role_key = ${key} and status = '0' limit 1`.execute(
          trx,
        )
      ).rows.length > 0;
    if (setting.choice === 'role') {
      if (text && (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(text) || !(await roleExists(text)))) refuse('config.badRole');
      row.configValue = text;
      return;
    }
    const entries = text
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    for (const e of entries) {
      const role = ROLE_ENTRY.exec(e);
      const user = USER_ENTRY.exec(e);
      if (role && (await roleExists(role[1]!))) continue;
      if (
        user &&
        (await sql`select 1 from sys_user where top_dept_id = ${site.id} and id = ${Number(user[1])} limit 1`.execute(trx)).rows
          .length
      )
        continue;
      refuse('config.badRecipients');
    }
    row.configValue = [...new Set(entries)].join(',');
  },
});

export function approvalRuleRoutes(app: FastifyInstance, s: Services) {
  // The rules in the caller's language, with the roles a rule may name.
  app.get('/workflow/rule/list', { config: { permission: 'workflow:rule:list' } }, async (request) => {
    const { site } = caller(request);
    const settings = approvalSettings();
    const keys = settings.map((c) => c.key);
    const rows = keys.length
      ? await s.database.db
          .selectFrom('sys_config')
          .selectAll()
          .where('top_dept_id', '=', site.id)
          .where('config_key', 'in', keys)
          .execute()
      : [];
    const byKey = new Map(rows.map((r) => [String(r.config_key), r]));
    const roles = await sql<{ role_key: string; role_name: string }>`select role_key, role_name from sys_role
      where top_dept_id = ${site.id} and status = '0' order by role_sort, id`.execute(s.database.db);
    const rules = settings.flatMap((c) => {
      const row = byKey.get(c.key);
      if (!row) return [];
      const shown = localizeConfig(
        { configKey: c.key, configName: row.config_name, remark: row.remark, configValue: row.config_value },
        request.locale,
      );
      return [
        {
          id: Number(row.id),
          version: Number(row.version ?? 0),
          configKey: c.key,
          configName: shown.configName,
          remark: shown.remark ?? null,
          configValue: String(row.config_value ?? ''),
          defaultValue: c.value,
          ...(c.integer ? { integer: c.integer } : {}),
          ...(c.choice ? { choice: c.choice } : {}),
        },
      ];
    });
    return ok(request, { rules, roles: roles.rows.map((r) => ({ value: r.role_key, label: r.role_name })) });
  });

  app.post(
    '/workflow/rule/update',
    {
      config: { permission: 'workflow:rule:edit', log: { module: 'config', action: 'edit' } },
      schema: {
        body: {
          type: 'object',
          required: ['configKey', 'configValue'],
          properties: {
            configKey: { type: 'string', maxLength: 100 },
            configValue: { type: 'string', maxLength: 2000 },
            version: { type: 'integer', minimum: 0 },
          },
        },
      },
    },
    async (request) => {
      const { site } = caller(request);
      const body = request.body as { configKey: string; configValue: string; version?: number };
      if (!approvalSettings().some((c) => c.key === body.configKey)) throw new AppError(Code.notFound, 'record.notFound');
      const row = await s.database.db
        .selectFrom('sys_config')
        .select(['id', 'version'])
        .where('top_dept_id', '=', site.id)
        .where('config_key', '=', body.configKey)
        .executeTakeFirst();
      if (!row) throw new AppError(Code.notFound, 'record.notFound');
      const configs = new EntityService(s, s.schemas.entity(site.key, 'config'), request);
      const saved = await configs.update({
        id: Number(row.id),
        version: body.version ?? Number(row.version ?? 0),
        configValue: body.configValue,
      });
      return ok(request, { configKey: body.configKey, configValue: saved.configValue, version: saved.version });
    },
  );
}
