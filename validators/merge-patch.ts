// JSON merge patch (RFC 7396): how a site's override file changes a base schema file. An object
// merges key by key, null removes a key, anything else replaces.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function mergePatch(target: Json | undefined, patch: Json): Json {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const base: { [key: string]: Json } = target && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete base[key];
    else base[key] = mergePatch(base[key], value);
  }
  return base;
}

/**
 * JSON pointers of the patch that name an object member the base does not have (stale overrides).
 * `adds(path, value)` says which new members are additions rather than stale (a new field of an
 * entity, a new node of a form): those are kept, whole.
 */
export function danglingPaths(
  base: Json | undefined,
  patch: Json,
  pointer = '',
  adds: (path: string[], value: Json) => boolean = () => false,
  at: string[] = [],
): string[] {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return [];
  if (!base || typeof base !== 'object' || Array.isArray(base)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    const here = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!(key in base)) {
      // Adding a new member is fine; removing or patching inside a missing one is not.
      if (value === null || (typeof value === 'object' && !Array.isArray(value) && !adds([...at, key], value))) out.push(here);
      continue;
    }
    out.push(...danglingPaths(base[key], value, here, adds, [...at, key]));
  }
  return out;
}
