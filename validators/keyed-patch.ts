// Site patches by name (issue 35): how a site's file under schemas/sites/<key>/ changes the base file
// of the same path. It is a JSON merge patch (RFC 7396: an object merges member by member, null
// removes a member) except where an array's elements have an identity (a list's columns by field, a
// menu's entries by key, …): there the patch array is a list of operations on single elements, named
// by their identity, so that what the base file changes later still reaches the site. The table below
// is the one place that says which arrays are keyed and by what; docs/schemas.md ("Site overrides")
// shows it, the resolver (server/schemas/files.ts), the menus, the home queues and schemas:check use it.
import { danglingPaths, type Json } from './merge-patch.ts';

type Obj = { [key: string]: Json };

export interface KeyedArray {
  /** Where the array is: member names and `[]` for an element; `*` one step, `**` any number. */
  path: string;
  /** The member naming an element; the first one present when several (print sections: title, else type). */
  key: string[];
  /** Elements may be plain strings, their own identity (a list's query: "docTitle"). */
  scalar?: boolean;
  /** What an element is called in messages. */
  noun: string;
}

export interface PatchKind {
  kind: string;
  /** Which files (path relative to schemas/). */
  file: RegExp;
  arrays: KeyedArray[];
  /** Objects whose member order shows (a form's nodes): a member may say "$after" / "$before". */
  ordered?: string[];
}

export const PATCH_KINDS: PatchKind[] = [
  {
    kind: 'list',
    file: /\.list\.json$/,
    arrays: [
      { path: 'query', key: ['field'], scalar: true, noun: 'query field' },
      { path: 'columns', key: ['field'], noun: 'column' },
      { path: 'toolbar', key: ['action'], noun: 'toolbar action' },
      { path: 'rowActions', key: ['action'], noun: 'row action' },
      { path: 'batchActions', key: ['action'], noun: 'batch action' },
      { path: 'tabs', key: ['key'], noun: 'tab' },
    ],
  },
  {
    kind: 'print',
    file: /\.print\.json$/,
    arrays: [
      { path: 'sections', key: ['title', 'type'], noun: 'section' },
      { path: 'sections/[]/fields', key: ['field'], scalar: true, noun: 'print field' },
      { path: 'sections/[]/columns', key: ['key'], noun: 'table column' },
    ],
  },
  {
    kind: 'menu',
    file: /(^|\/)menu\.json$/,
    arrays: [
      { path: 'menus', key: ['key'], noun: 'menu entry' },
      { path: 'menus/**/children', key: ['key'], noun: 'menu entry' },
    ],
  },
  {
    kind: 'queues',
    file: /(^|\/)home\/queues\.json$/,
    arrays: [{ path: 'queues/*/columns', key: ['field'], scalar: true, noun: 'queue column' }],
  },
  { kind: 'form', file: /\.(form|detail)\.json$/, arrays: [], ordered: ['**/properties'] },
];

/** The markers a site patch may use (and a base file may not). */
export const PATCH_MARKERS = ['$remove', '$after', '$before', '$add', '$replace'] as const;

export interface PatchProblem {
  /** JSON pointer into the site file. */
  pointer: string;
  message: string;
}

const isObj = (v: Json | undefined): v is Obj => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

function globRe(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((s) => (s === '**' ? '(?:[^/]+/)*' : s === '*' ? '[^/]+/' : `${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`))
    .join('');
  return new RegExp(`^${body}$`);
}

/** The kind of patch rules of a file (path relative to schemas/ or to a site's folder). */
export function patchKindOf(rel: string): PatchKind | undefined {
  return PATCH_KINDS.find((k) => k.file.test(rel));
}

function ruleAt(kind: PatchKind | undefined, at: string[]): KeyedArray | undefined {
  if (!kind) return undefined;
  const p = `${at.join('/')}/`;
  return kind.arrays.find((a) => globRe(a.path).test(p));
}

function orderedAt(kind: PatchKind | undefined, at: string[]): boolean {
  const p = `${at.join('/')}/`;
  return Boolean(kind?.ordered?.some((o) => globRe(o).test(p)));
}

/**
 * The base file as a site sees it, with what is wrong in the patch (named by pointers into the site
 * file). Faulty operations are left out of the result; schemas:check reports them.
 */
export function applySitePatch(rel: string, base: Json | undefined, patch: Json): { json: Json; problems: PatchProblem[] } {
  const problems: PatchProblem[] = [];
  const kind = patchKindOf(rel);
  const fault = (pointer: string, message: string) => problems.push({ pointer, message });

  /** Whole values a patch brings (an added element, a replaced array) carry no markers. */
  const plain = (v: Json, ptr: string): Json => {
    if (Array.isArray(v)) return v.map((e, i) => plain(e, `${ptr}/${i}`));
    if (!isObj(v)) return v;
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) {
      if (k.startsWith('$')) fault(`${ptr}/${esc(k)}`, `${k} has no meaning here`);
      else out[k] = plain(x, `${ptr}/${esc(k)}`);
    }
    return out;
  };

  const merge = (target: Json | undefined, p: Json, at: string[], ptr: string): Json => {
    if (Array.isArray(p)) {
      const rule = ruleAt(kind, at);
      return rule ? keyed(target, p, rule, at, ptr) : plain(p, ptr);
    }
    if (!isObj(p)) return p;
    if ('$replace' in p) {
      if (Object.keys(p).length > 1) fault(ptr, '"$replace" stands alone in its object');
      if (!Array.isArray(p.$replace)) fault(`${ptr}/$replace`, '"$replace" takes the whole new array');
      return plain(p.$replace as Json, `${ptr}/$replace`);
    }
    let out: Obj = isObj(target) ? { ...target } : {};
    const ordered = orderedAt(kind, at);
    for (const [key, value] of Object.entries(p)) {
      const here = `${ptr}/${esc(key)}`;
      if (key.startsWith('$')) {
        if (!(key === '$schema' && at.length === 0)) fault(here, `${key} has no meaning here`);
        continue;
      }
      if (value === null) {
        delete out[key];
        continue;
      }
      if (ordered && isObj(value) && ('$after' in value || '$before' in value)) {
        const { $after, $before, ...rest } = value;
        out[key] = merge(out[key], rest, [...at, key], here);
        out = place(out, key, $after, $before, here);
        continue;
      }
      out[key] = merge(out[key], value, [...at, key], here);
    }
    return out;
  };

  /** Moves member `key` of an ordered object after / before a sibling. */
  const place = (o: Obj, key: string, after: Json | undefined, before: Json | undefined, ptr: string): Obj => {
    if (after !== undefined && before !== undefined) {
      fault(ptr, 'give "$after" or "$before", not both');
      return o;
    }
    const anchor = after ?? before;
    if (typeof anchor !== 'string' || !(anchor in o) || anchor === key) {
      fault(`${ptr}/${after !== undefined ? '$after' : '$before'}`, `the base file ${rel} has no node '${String(anchor)}' to place '${key}' ${after !== undefined ? 'after' : 'before'}`);
      return o;
    }
    const keys = Object.keys(o).filter((k) => k !== key);
    keys.splice(keys.indexOf(anchor) + (after !== undefined ? 1 : 0), 0, key);
    return Object.fromEntries(keys.map((k) => [k, o[k]!]));
  };

  const keyed = (target: Json | undefined, ops: Json[], rule: KeyedArray, at: string[], ptr: string): Json[] => {
    // Where the base has no such array (a queue, a menu entry or a section the patch adds), the
    // patch's array is the array, as written.
    if (!Array.isArray(target)) return plain(ops, ptr) as Json[];
    const out: Json[] = [...target];
    const idOf = (el: Json): string | undefined => {
      if (typeof el === 'string') return rule.scalar ? el : undefined;
      if (!isObj(el)) return undefined;
      const k = rule.key.find((name) => typeof el[name] === 'string');
      return k ? (el[k] as string) : undefined;
    };
    const indexOf = (id: string, where: string, p: string): number | undefined => {
      const found = out.flatMap((el, j) => (idOf(el) === id ? [j] : []));
      if (found.length > 1) {
        fault(p, `the base file ${rel} has ${found.length} ${rule.noun}s '${id}' at ${ptr}: ${where} them by replacing the array whole ({"$replace": […]})`);
        return undefined;
      }
      return found[0] ?? -1;
    };
    const names = rule.key.map((k) => `"${k}"`).join(' or ');
    ops.forEach((op, i) => {
      const here = `${ptr}/${i}`;
      if (!isObj(op)) {
        fault(here, `an element of this patch names the ${rule.noun} it changes: {${names.split(' or ')[0]}: …} (or replace the array whole: {"$replace": […]})`);
        return;
      }
      const idKey = rule.key.find((k) => typeof op[k] === 'string');
      if (!idKey) {
        fault(here, `names no ${rule.noun}: it needs ${names}`);
        return;
      }
      const id = op[idKey] as string;
      for (const k of Object.keys(op))
        if (k.startsWith('$') && !['$remove', '$after', '$before', '$add'].includes(k)) fault(`${here}/${esc(k)}`, `${k} has no meaning here`);
      const { $remove, $after, $before, $add, ...others } = op;
      const rest = Object.fromEntries(Object.entries(others).filter(([k]) => !k.startsWith('$')));
      const j = indexOf(id, 'change', here);
      if (j === undefined) return;
      if ($remove !== undefined) {
        if ($remove !== true) fault(`${here}/$remove`, '"$remove" takes true');
        else if (Object.keys(rest).length > 1 || $after !== undefined || $before !== undefined || $add !== undefined)
          fault(here, '"$remove" takes only the identity');
        else if (j < 0) fault(here, `the base file ${rel} has no ${rule.noun} '${id}' to remove`);
        else out.splice(j, 1);
        return;
      }
      if ($add !== undefined && $add !== true) fault(`${here}/$add`, '"$add" takes true');
      let el: Json;
      if (j >= 0) {
        if ($add === true) fault(`${here}/$add`, `the base file ${rel} already has the ${rule.noun} '${id}': drop "$add" to change it`);
        const was = out[j]!;
        const changes = Object.keys(rest).filter((k) => k !== idKey);
        if (typeof was === 'string') el = changes.length ? merge({ [idKey]: was }, rest, [...at, '[]'], here) : was;
        else {
          for (const d of danglingPaths(was, rest, here))
            fault(d, `the base file ${rel} has no such member of the ${rule.noun} '${id}' to change or remove`);
          el = merge(was, rest, [...at, '[]'], here);
        }
        out.splice(j, 1);
        out.splice(j, 0, el);
        if ($after === undefined && $before === undefined) return;
        out.splice(j, 1);
      } else {
        if ($add !== true && $after === undefined && $before === undefined) {
          fault(here, `the base file ${rel} has no ${rule.noun} '${id}' to change (to add one, give "$add": true, "$after" or "$before")`);
          return;
        }
        el = rule.scalar && Object.keys(rest).length === 1 ? id : (plain(rest, here) as Json);
      }
      // Where it goes: after / before a named element, else at the end.
      if ($after !== undefined && $before !== undefined) fault(here, 'give "$after" or "$before", not both');
      const anchor = $after ?? $before;
      const home = j >= 0 ? j : out.length;
      let at2 = home;
      if (anchor !== undefined) {
        const which = $after !== undefined ? '$after' : '$before';
        const k = typeof anchor === 'string' ? indexOf(anchor, 'place', `${here}/${which}`) : -1;
        if (k === undefined) at2 = home;
        else if (k < 0) fault(`${here}/${which}`, `the base file ${rel} has no ${rule.noun} '${String(anchor)}' to place '${id}' ${which.slice(1)}`);
        else at2 = k + ($after !== undefined ? 1 : 0);
      }
      out.splice(at2, 0, el);
    });
    return out;
  };

  return { json: merge(base, patch, [], ''), problems };
}

/** The base file as a site sees it (the resolver: faults of the patch are reported by schemas:check). */
export function sitePatch(rel: string, base: Json | undefined, patch: Json): Json {
  return applySitePatch(rel, base, patch).json;
}

/** Pointers of keyed-patch markers in a base file (they belong in site files only). */
export function markersIn(json: Json, ptr = ''): string[] {
  if (Array.isArray(json)) return json.flatMap((e, i) => markersIn(e, `${ptr}/${i}`));
  if (!isObj(json)) return [];
  return Object.entries(json).flatMap(([k, v]) =>
    (PATCH_MARKERS as readonly string[]).includes(k) ? [`${ptr}/${esc(k)}`] : markersIn(v, `${ptr}/${esc(k)}`),
  );
}

/**
 * A pointer into the merged file as a pointer into the site's patch, so that a fault the merged
 * view shows (a column added by name that is no field) points at the patch's operation, not at
 * the element's place among the base's. A keyed array's element is found in the patch by its name;
 * when the patch does not hold the element named, the pointer is kept as it is.
 */
export function patchPointer(rel: string, merged: Json | undefined, patch: Json, pointer: string): string {
  const kind = patchKindOf(rel);
  const at: string[] = [];
  const out: string[] = [];
  let m: Json | undefined = merged;
  let p: Json | undefined = patch;
  for (const raw of pointer.split('/').slice(1)) {
    const step = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(m)) {
      // A replaced array is the patch's as written: same places.
      const replaced: boolean = isObj(p) && Array.isArray(p.$replace);
      if (replaced) {
        out.push('$replace');
        p = (p as Obj).$replace;
      }
      if (!Array.isArray(p)) return pointer;
      const rule: KeyedArray | undefined = replaced ? undefined : ruleAt(kind, at);
      const idOf = (el: Json | undefined): string | undefined => {
        if (typeof el === 'string') return el;
        const k = isObj(el) ? rule?.key.find((name: string) => typeof el[name] === 'string') : undefined;
        return k ? ((el as Obj)[k] as string) : undefined;
      };
      const id: string | undefined = idOf(m[Number(step)]);
      const j: number = rule ? p.findIndex((op) => id !== undefined && idOf(op) === id) : Number(step);
      if (j < 0 || p[j] === undefined) return pointer;
      const next: Json | undefined = p[j];
      m = m[Number(step)];
      p = next;
      at.push('[]');
      out.push(String(j));
      continue;
    }
    if (!isObj(p) || !(step in p)) return pointer;
    const next: Json | undefined = p[step];
    m = isObj(m) ? m[step] : undefined;
    p = next;
    at.push(step);
    out.push(esc(step));
  }
  return out.map((s) => `/${s}`).join('');
}
