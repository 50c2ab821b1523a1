// Rules of the system screens that their schemas cannot say.
import { sql } from 'kysely';
import { TIME_ZONE_KEY } from '../../platform/sites.ts';
import { isTimeZone } from '../../platform/site-time.ts';
import { defineHooks } from '../../entities/hooks.ts';
import { fieldLabel } from '../../entities/crud.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { checkParent } from '../../platform/tree.ts';
import { loadConfigs } from '../../seed/manifests.ts';
import type { Localized } from '../../../validators/locale.ts';

defineHooks('dictType', {
  // Renaming a type carries its entries along (as RuoYi does).
  async afterSave({ trx, site }, row, existing) {
    if (existing && existing.dictType !== row.dictType) {
      await sql`update sys_dict_data set dict_type = ${row.dictType} where top_dept_id = ${site.id} and dict_type = ${existing.dictType}`.execute(
        trx,
      );
    }
  },
  async beforeRemove({ trx, site }, rows) {
    for (const row of rows) {
      const used =
        await sql`select 1 from sys_dict_data where top_dept_id = ${site.id} and dict_type = ${row.dictType} limit 1`.execute(
          trx,
        );
      if (used.rows.length) throw new AppError(Code.conflict, 'dictType.inUse', { type: String(row.dictType) });
    }
  },
});

defineHooks('dictData', {
  // Seeded entries carry their label in four languages; a label an administrator changes is theirs.
  async afterSave({ trx }, row, existing) {
    if (existing && existing.dictLabel !== row.dictLabel) {
      await sql`update sys_dict_data set i18n = '{}'::jsonb where id = ${row.id}`.execute(trx);
    }
  },
});

let bounded: Map<string, { name: Localized; minimum: number; maximum: number }> | null = null;

defineHooks('config', {
  // A setting the release reads as a number of days, files or rows (configs.json `integer`): a whole
  // number within its bounds, else one odd value (0.00001 days) would lock everyone out.
  beforeSave({ request }, row, existing) {
    // configs.json never sound since the start (issue 35): no bounds known yet, asked again next time.
    const release = bounded ? null : loadConfigs();
    if (release) bounded = new Map(release.configs.flatMap((c) => (c.integer ? [[c.key, { name: c.name, ...c.integer }]] : [])));
    const key = String(row.configKey ?? existing?.configKey ?? '');
    // The site's time zone: a name this machine knows (Asia/Shanghai), else every time would be off.
    if (key === TIME_ZONE_KEY && 'configValue' in row) {
      const zone = String(row.configValue ?? '').trim();
      if (!isTimeZone(zone)) throw new AppError(Code.invalid, 'config.badTimeZone', { value: String(row.configValue ?? '').slice(0, 40) });
      row.configValue = zone;
    }
    const bounds = bounded?.get(key);
    if (!bounds || !('configValue' in row)) return;
    const value = String(row.configValue ?? '').trim();
    const n = Number(value);
    if (!/^-?\d{1,9}$/.test(value) || n < bounds.minimum || n > bounds.maximum)
      throw new AppError(Code.invalid, 'config.notInteger', {
        name: bounds.name[request.locale],
        minimum: String(bounds.minimum),
        maximum: String(bounds.maximum),
      });
    row.configValue = String(n);
  },
  // Every node takes the site's time zone again (it is held with the site: ../../platform/sites.ts).
  async afterCommit({ s }) {
    await s.sites.changed();
  },
  async beforeRemove(_ctx, rows) {
    const builtin = rows.find((r) => r.configType === 'Y');
    if (builtin) throw new AppError(Code.conflict, 'config.builtin', { key: String(builtin.configKey) });
  },
});

// Districts form a tree by code (parentCode names the parent's districtCode, empty at the root): the
// parent is a district of the site, never the district itself or one below it; a new code carries
// the children along, and a district with children stays.
const DISTRICTS = { table: 'sys_district', key: 'district_code', parent: 'parent_code', site: true };

defineHooks('district', {
  async beforeSave({ s, trx, site, entity, request }, row, existing) {
    const code = row.districtCode ?? existing?.districtCode;
    const parent = 'parentCode' in row ? row.parentCode : existing?.parentCode;
    if (existing && code === existing.districtCode && (parent ?? null) === (existing.parentCode ?? null)) return;
    const label = fieldLabel(s, entity.byName.get('parentCode')!, request.locale);
    await checkParent(trx, DISTRICTS, site.id, { id: existing ? Number(existing.id) : null, key: code }, parent, label);
  },
  async afterSave({ trx, site }, row, existing) {
    if (existing && existing.districtCode !== row.districtCode) {
      await sql`update sys_district set parent_code = ${row.districtCode}
        where top_dept_id = ${site.id} and parent_code = ${existing.districtCode}`.execute(trx);
    }
  },
  async beforeRemove({ trx, site }, rows) {
    const codes = rows.map((r) => String(r.districtCode));
    for (const row of rows) {
      const children = await sql<{
        code: string;
      }>`select district_code as code from sys_district where top_dept_id = ${site.id} and parent_code = ${row.districtCode}`.execute(
        trx,
      );
      if (children.rows.some((c) => !codes.includes(c.code)))
        throw new AppError(Code.conflict, 'district.hasChildren', { name: String(row.districtName) });
    }
  },
});
