// A site's own reminders file (issue 35; docs/schemas.md "Reminders"): in a copy of schemas/, the
// city hospital has sites/city/asset/assetCard.reminders.json and no base asset/assetCard.reminders.json
// exists — the day before a card's entry date, tell its keeper. schemas:check reads it like a base
// file (a field the entity lacks is named at the site file); the hospital has the job and its keeper
// is told; the demo school has no such job. Its own file (not tests/api/reminders.test.ts): the
// server's modules read SCHEMAS_DIR when first imported, so this file loads them only after the copy.
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { schemaCopy } from '../support/schemaCopy.ts';

const copy = schemaCopy('nk-schemas-reminders-');
const SITE_FILE = 'sites/city/asset/assetCard.reminders.json';
const KEY = 'cityCardEntry';
const reminders = (field: string) => ({
  $schema: '../../../_meta/reminders.schema.json',
  entity: 'assetCard',
  reminders: {
    [KEY]: {
      title: 'reminder.siteOnly.title',
      when: { date: field, daysBefore: 1 },
      cadence: { every: 'day', at: '08:00' },
      notify: [{ field: 'keeperId' }],
      message: 'reminder.siteOnly.message',
    },
  },
});
let server: TestServer;

beforeAll(async () => {
  // Its texts (a test's; the base asset texts of the copy).
  const i18n = copy.file('asset/i18n.json');
  const texts = JSON.parse(fs.readFileSync(i18n, 'utf8'));
  texts['reminder.siteOnly.title'] = { 'zh-CN': '资产入账提醒', 'zh-TW': '資產入賬提醒', 'en-US': 'Asset entry', 'pt-BR': 'Entrada de bem' };
  texts['reminder.siteOnly.message'] = {
    'zh-CN': '{assetName}于{entryDate}入账',
    'zh-TW': '{assetName}於{entryDate}入賬',
    'en-US': '{assetName} enters on {entryDate}',
    'pt-BR': '{assetName} entra em {entryDate}',
  };
  fs.writeFileSync(i18n, JSON.stringify(texts, null, 2));
  fs.mkdirSync(copy.file('sites/city/asset'), { recursive: true });
  fs.writeFileSync(copy.file(SITE_FILE), JSON.stringify(reminders('entryDate'), null, 2));
  ({ server } = await copy.start());
});
afterAll(() => copy.close());

it('is checked by schemas:check like a base reminders file, at its own path', async () => {
  const { checkSchemas } = await import('../../server/schemas/check.ts');
  expect(checkSchemas(copy.root).filter((p) => p.file.includes('assetCard.reminders'))).toEqual([]);
  fs.writeFileSync(copy.file(SITE_FILE), JSON.stringify(reminders('noSuchDate'), null, 2));
  try {
    const problems = checkSchemas(copy.root).filter((p) => p.file === SITE_FILE);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/noSuchDate is not a field of entity assetCard/);
    expect(checkSchemas(copy.root).some((p) => p.file === 'asset/assetCard.reminders.json')).toBe(false);
  } finally {
    fs.writeFileSync(copy.file(SITE_FILE), JSON.stringify(reminders('entryDate'), null, 2));
  }
});

it("is the site's alone: the hospital tells a card's keeper, the school has no such job", async () => {
  const { siteJobOf, runJob } = await import('../../server/platform/jobs.ts');
  const { remindersOf } = await import('../../server/modules/notice/reminders.ts');
  const city = server.services.sites.get('city')!;
  const demo = server.services.sites.get('demo')!;
  expect(remindersOf(server.services, city).map((r) => r.key)).toContain(KEY);
  expect(remindersOf(server.services, demo).map((r) => r.key)).not.toContain(KEY);
  expect(siteJobOf(server.services, demo, KEY)).toBeUndefined();
  const job = siteJobOf(server.services, city, KEY);
  expect(job).toBeDefined();

  const db = server.database.db as unknown as Kysely<any>;
  const keeper = await db
    .selectFrom('sys_user')
    .select(['id', 'dept_id'])
    .where('login_name', '=', 'citystaff')
    .where('top_dept_id', '=', city.id)
    .executeTakeFirstOrThrow();
  // 2032-06-08 08:30 in Shanghai (the hospital's clock); the card enters the next day.
  server.clock.set(Date.parse('2032-06-08T08:30:00+08:00'));
  const name = `提醒卡片${Date.now().toString(36)}`;
  await db
    .insertInto('as_card')
    .values({ top_dept_id: city.id, asset_no: `R-${Date.now()}`, asset_name: name, cost: 100, entry_date: '2032-06-09', keeper_id: keeper.id, dept_id: keeper.dept_id })
    .execute();
  const run = await runJob(server.services, job!, city, 'hand', null, 'en-US');
  expect(run.job_status).toBe('0');
  const told = (
    await sql<{ title: string; content: string }>`select title, content from sys_notice_user_rel
      where user_id = ${keeper.id} and content like ${`%${name}%`}`.execute(db)
  ).rows;
  expect(told).toHaveLength(1);
  expect(told[0]!.content).toContain('2032-06-09');
});
