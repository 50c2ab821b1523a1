// Writes the official region table (./regions.data.ts) as the choices of the forms that pick a
// place: a claim's allowance lines (schemas/expense/reimburse.form.json) and a standard
// (schemas/expense/expenseStandard.form.json, with '*' for any other region first). Only the
// `"enum": [ … ]` of each form's `region` node is rewritten, the rest of the file stays as it is.
// Each choice's label is the text `region.<code>` of schemas/expense/regions/i18n.json: the table's
// words in zh-CN, their traditional characters in zh-TW (OpenCC), the names in pinyin in en-US and
// pt-BR (generated once with opencc-js and pinyin-pro, the exonyms of the far west — Lhasa, Urumqi,
// Kashgar — and the apostrophes of Xi'an, Ji'an by hand). A region added to the table needs its
// texts there too. tests/unit/expense-regions.test.ts fails when the forms, the texts and the
// table differ.
//
//   npx tsx server/modules/expense/regions.build.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REGIONS } from './regions.ts';

const SCHEMAS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/expense');

/** The choices a form's region node offers. */
export function regionChoices(withAny: boolean): Array<{ label: string; value: string }> {
  const rows = REGIONS.map((r) => ({ label: `region.${r.code}`, value: r.code }));
  return withAny ? [{ label: 'expenseStandard.anyRegion', value: '*' }, ...rows] : rows;
}

export const REGION_FORMS: ReadonlyArray<{ file: string; withAny: boolean }> = [
  { file: 'reimburse.form.json', withAny: false },
  { file: 'expenseStandard.form.json', withAny: true },
];

function writeChoices(file: string, withAny: boolean) {
  const full = path.join(SCHEMAS, file);
  const text = fs.readFileSync(full, 'utf8');
  const node = text.indexOf('"region": {');
  if (node < 0) throw new Error(`${file}: no region node`);
  const open = text.indexOf('"enum": [', node);
  const close = text.indexOf(']', open);
  if (open < 0 || close < 0) throw new Error(`${file}: the region node has no enum`);
  const indent = /\n( *)"enum": \[/.exec(text.slice(0, open + 9).slice(text.lastIndexOf('\n', open)))?.[1] ?? '';
  const items = regionChoices(withAny)
    .map((c) => `${indent}  { "label": ${JSON.stringify(c.label)}, "value": ${JSON.stringify(c.value)} }`)
    .join(',\n');
  fs.writeFileSync(full, `${text.slice(0, open)}"enum": [\n${items}\n${indent}${text.slice(close)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  for (const { file, withAny } of REGION_FORMS) writeChoices(file, withAny);
