// Per-site settings (sys_config): DOMAIN.md's switches such as ui.appTitle, upload.maxFiles or
// sys.account.passwordValidateDays. Defaults live in schemas/system/configs.json and are seeded
// into every site; a site changes its own rows.
import { sql } from 'kysely';
import { formSettingKey } from '../../validators/meeting-record.ts';
import type { SiteCache } from './cache.ts';
import type { Database } from './db/database.ts';

/** Keys the browser may read before sign-in (login page, layout switches). */
export const PUBLIC_CONFIG_KEYS = [
  'ui.appTitle',
  'ui.hideBrowserHint',
  'ui.fileDisplay',
  'ui.noWechatLayout',
  'upload.maxFiles',
  'upload.useOss',
  'meeting.minutesThreshold',
  'meeting.sanZhongYiDa',
  'meeting.stage',
  'sys.account.registerUser',
  // Every date-time the browser shows or takes is the site's wall time (./site-time.ts).
  'sys.timeZone',
] as const;

export class SiteConfig {
  constructor(
    private readonly database: Database,
    private readonly cache: SiteCache,
  ) {}

  all(siteId: number): Promise<ReadonlyMap<string, string>> {
    return this.cache.get(siteId, 'config', async () => {
      const rows = await this.database.db
        .selectFrom('sys_config')
        .select(['config_key', 'config_value'])
        .where('top_dept_id', '=', siteId)
        .execute();
      return new Map(rows.map((r) => [r.config_key, r.config_value]));
    });
  }

  async value(siteId: number, key: string): Promise<string | undefined> {
    return (await this.all(siteId)).get(key);
  }

  async flag(siteId: number, key: string): Promise<boolean> {
    return (await this.value(siteId, key)) === 'true';
  }

  async publicValues(siteId: number): Promise<Record<string, string>> {
    const all = await this.all(siteId);
    const out: Record<string, string> = {};
    for (const key of PUBLIC_CONFIG_KEYS) {
      const v = all.get(key);
      if (v !== undefined) out[key] = v;
    }
    return { ...out, ...(await this.meetingForms(siteId)) };
  }

  /**
   * The site's rows of the meeting-minutes screen (会议纪要设置) as `meeting.form.<entity>` → '1' / '0':
   * the form and the server read them beside the meeting.* settings (validators/meeting-record.ts).
   */
  meetingForms(siteId: number): Promise<Record<string, string>> {
    return this.cache.get(siteId, 'meetingForms', async () => {
      const rows = await sql<{
        entity: string;
        show_at_application: string;
      }>`select entity, show_at_application from nk_meeting_setting where top_dept_id = ${siteId}`.execute(this.database.db);
      return Object.fromEntries(rows.rows.map((r) => [formSettingKey(r.entity), String(r.show_at_application)]));
    });
  }

  /** Everything the meeting-record rule reads for a site. */
  async meetingConfig(siteId: number): Promise<Record<string, string>> {
    return { ...Object.fromEntries(await this.all(siteId)), ...(await this.meetingForms(siteId)) };
  }
}
