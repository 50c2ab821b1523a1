// The official region table (出差地区表, ./regions.data.ts) and how a place is read from it. A claim's
// destination is a choice from this table (its code); the standards name a region of it too, or
// '*' for any other region. Whatever spelling reaches the server — the code, the official name, the
// label the picker shows, or the short name people write (北京 for 北京市, 西藏 for 西藏自治区, 大连 for
// 大连市, 延边州 for 延边朝鲜族自治州) — lands on one row, so 北京 and 北京市 find the same standards.
import { REGION_ROWS } from './regions.data.ts';

export interface Region {
  code: string;
  name: string;
  /** The province's code; null for a province (and a municipality: 北京市 is one place). */
  parent: string | null;
  /** What the picker shows and the claim keeps: the province before a city (辽宁省 大连市). */
  label: string;
}

export const REGIONS: readonly Region[] = (() => {
  const names = new Map(REGION_ROWS.map(([code, name]) => [code, name]));
  return REGION_ROWS.map(([code, name, parent]) => ({
    code,
    name,
    parent: parent || null,
    label: parent ? `${names.get(parent)} ${name}` : name,
  }));
})();

const byCode = new Map(REGIONS.map((r) => [r.code, r]));

/** Ethnic names an autonomous prefecture or county carries after its place name (延边朝鲜族自治州). */
const PEOPLES = [
  '朝鲜族',
  '土家族',
  '苗族',
  '侗族',
  '布依族',
  '回族',
  '藏族',
  '羌族',
  '彝族',
  '傣族',
  '景颇族',
  '傈僳族',
  '白族',
  '哈尼族',
  '壮族',
  '蒙古族',
  '蒙古',
  '哈萨克',
  '柯尔克孜',
  '黎族',
];

/** The short names people write for a region: 北京 (北京市), 西藏 (西藏自治区), 延边 and 延边州. */
export function shortNames(name: string): string[] {
  const autonomous = /^(.+?)自治(州|县)$/.exec(name);
  if (autonomous) {
    let base = autonomous[1]!;
    for (let stripped = true; stripped;) {
      stripped = false;
      for (const p of PEOPLES)
        if (base.endsWith(p) && base.length > p.length) {
          base = base.slice(0, -p.length);
          stripped = true;
        }
    }
    return [base, `${base}${autonomous[2]}`];
  }
  const plain = /^(.{2,}?)(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|地区|盟|林区)$/.exec(name);
  return plain ? [plain[1]!] : [];
}

/** Every spelling → the regions it may mean (a short name may mean two: 吉林 the province and the city). */
const bySpelling = (() => {
  const map = new Map<string, Region[]>();
  const add = (key: string, r: Region) => {
    const list = map.get(key) ?? [];
    if (!list.includes(r)) list.push(r);
    map.set(key, list);
  };
  for (const r of REGIONS) {
    add(r.code, r);
    add(r.name, r);
    add(r.label, r);
    add(r.label.replace(' ', ''), r);
    for (const s of shortNames(r.name)) add(s, r);
  }
  return map;
})();

export function regionByCode(code: string): Region | undefined {
  return byCode.get(code);
}

/**
 * The region a text names, or undefined when it names none (or two of the same level). Of a
 * province and one of its cities spelt alike, the province: 吉林 is 吉林省 (吉林市 is written so),
 * 海南 is 海南省 (海南藏族自治州 is 海南州).
 */
export function resolveRegion(text: unknown): Region | undefined {
  const key = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!key) return undefined;
  const found = bySpelling.get(key) ?? bySpelling.get(key.replace(/ /g, ''));
  if (!found?.length) return undefined;
  if (found.length === 1) return found[0];
  const provinces = found.filter((r) => r.parent === null);
  return provinces.length === 1 ? provinces[0] : undefined;
}

/** Where a region's standards are looked for, the most specific first: the city, its province. */
export function regionChain(code: string): string[] {
  const chain: string[] = [];
  for (let r = byCode.get(code); r; r = r.parent ? byCode.get(r.parent) : undefined) chain.push(r.code);
  return chain;
}
