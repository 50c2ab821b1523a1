// Writes the sample workbooks of docs/budget-sources.md from the JSON samples beside them, with
// the Chinese column titles the file adapter recognises (server/modules/budget/sources/columns.ts).
// Run: npx tsx docs/samples/make-samples.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import {
  DEPT_COLUMNS,
  INDICATOR_COLUMNS,
  PERSON_COLUMNS,
  PROJECT_COLUMNS,
  type Column,
} from '../../server/modules/budget/sources/columns.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function write(json: string, key: string, columns: Column[], out: string, extra: string[] = []) {
  const records = JSON.parse(fs.readFileSync(path.join(here, json), 'utf8'))[key] as Array<Record<string, unknown>>;
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(Date.UTC(2026, 0, 1));
  workbook.modified = workbook.created;
  const sheet = workbook.addWorksheet(key);
  const used = columns.filter((c) => records.some((r) => r[c.name] !== undefined));
  sheet.addRow([...used.map((c) => c.title['zh-CN']), ...extra]);
  for (const r of records) {
    sheet.addRow([
      ...used.map((c) => (c.name === 'amount' && r[c.name] !== undefined ? Number(r[c.name]) : (r[c.name] ?? null))),
      ...extra.map((e) => r[e] ?? null),
    ]);
  }
  sheet.columns.forEach((c) => (c.width = 18));
  await workbook.xlsx.writeFile(path.join(here, out));
  console.log(`${out}: ${records.length} rows`);
}

await write('budget-indicators.json', 'indicators', INDICATOR_COLUMNS, 'budget-indicators.xlsx');
await write('budget-departments.json', 'departments', DEPT_COLUMNS, 'budget-departments.xlsx');
await write('hd-projects.json', 'projects', PROJECT_COLUMNS, 'hd-projects.xlsx', ['contractor']);
await write('hd-users.json', 'users', PERSON_COLUMNS, 'hd-users.xlsx');
