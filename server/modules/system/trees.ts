// Every entity whose schema sets `tree` (departments, menus, budget indicators, any generated one):
// a new parent must be a row of the site, never the row itself or one below it. The crud's ref
// check already refuses an id that names nothing; this adds the cycle, for every tree at once.
// Registered from systemRoutes (app.ts), after the modules' own rules of the same entities.
import type { Services } from '../../platform/services.ts';
import { fieldLabel } from '../../entities/crud.ts';
import { defineHooks } from '../../entities/hooks.ts';
import { checkParent, isRoot } from '../../platform/tree.ts';

/** Hooks live for the process; every app built in it (tests build many) shares them. */
const guarded = new Set<string>();

export function guardTrees(s: Services) {
  for (const base of s.schemas.baseEntities()) {
    if (!base.tree || base.readOnly || guarded.has(base.name)) continue;
    guarded.add(base.name);
    defineHooks(base.name, {
      async beforeSave({ s, trx, site, entity, request }, row, existing) {
        // The site's own files decide (an override may move the tree to another field).
        const field = entity.tree ? entity.byName.get(entity.tree) : undefined;
        if (!field || !(field.name in row)) return;
        const parent = row[field.name];
        if (isRoot(parent)) return;
        if (existing && String(existing[field.name] ?? '') === String(parent)) return;
        await checkParent(
          trx,
          { table: entity.table, key: 'id', parent: field.column, site: entity.site },
          site.id,
          { id: existing ? Number(existing.id) : null, key: existing ? Number(existing.id) : null },
          Number(parent),
          fieldLabel(s, field, request.locale),
        );
      },
    });
  }
}
