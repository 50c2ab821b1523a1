// A user's own settings (the account pages): layout and language preferences applied at sign-in on
// any browser, and the kinds of notification they want. Stored in sys_user_setting, one row a user.
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types.ts';

export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'] as const;

/** The layout preferences a user may keep (the settings drawer's, spec section 2). */
export const layoutSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    language: { type: 'string', enum: [...LANGUAGES] },
    navTheme: { type: 'string', enum: ['dark', 'light'] },
    layout: { type: 'string', enum: ['sidemenu', 'topmenu'] },
    contentWidth: { type: 'string', enum: ['Fixed', 'Fluid'] },
    multiTab: { type: 'boolean' },
    fixedHeader: { type: 'boolean' },
    fixedSidebar: { type: 'boolean' },
    colorWeak: { type: 'boolean' },
    primaryColor: { type: 'string', pattern: '^#[0-9A-Fa-f]{6}$' },
  },
} as const;

/** Kinds of notification, each on unless the user turned it off. */
export const NOTIFY_KINDS = ['approvalTask', 'notice', 'budgetWarning', 'contractDue', 'insuranceDue', 'stockWarning'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export const notifySchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(NOTIFY_KINDS.map((k) => [k, { type: 'boolean' }])),
} as const;

export function notifyOf(stored: Record<string, unknown> | null | undefined): Record<NotifyKind, boolean> {
  return Object.fromEntries(NOTIFY_KINDS.map((k) => [k, stored?.[k] !== false])) as Record<NotifyKind, boolean>;
}

/**
 * Of these users, the ones who want notifications of a kind (everyone, unless they turned it off in
 * their account settings): for the places that send such notifications.
 */
export async function wantingNotification(
  db: Kysely<DB>,
  siteId: number,
  userIds: number[],
  kind: NotifyKind,
): Promise<number[]> {
  if (!userIds.length) return [];
  const off = await db
    .selectFrom('sys_user_setting')
    .select('user_id')
    .where('top_dept_id', '=', siteId)
    .where('user_id', 'in', userIds)
    .where((eb) => eb(eb.ref('notify', '->>').key(kind as never), '=', 'false'))
    .execute();
  const refused = new Set(off.map((r) => Number(r.user_id)));
  return userIds.filter((id) => !refused.has(id));
}

/** Browser, system and kind of device from a user agent, for the sessions list (no library: a few rules). */
export function describeAgent(ua: string | null): { browser: string; os: string; device: 'desktop' | 'mobile' | 'tablet' } {
  const a = ua ?? '';
  const version = (re: RegExp) => re.exec(a)?.[1]?.split('.')[0] ?? '';
  let browser = '';
  if (/MicroMessenger/i.test(a)) browser = `WeChat ${version(/MicroMessenger\/([\d.]+)/i)}`;
  else if (/DingTalk/i.test(a)) browser = 'DingTalk';
  else if (/Edg\//.test(a)) browser = `Edge ${version(/Edg\/([\d.]+)/)}`;
  else if (/OPR\//.test(a)) browser = `Opera ${version(/OPR\/([\d.]+)/)}`;
  else if (/Firefox\//.test(a)) browser = `Firefox ${version(/Firefox\/([\d.]+)/)}`;
  else if (/Chrom(e|ium)\//.test(a)) browser = `Chrome ${version(/Chrom(?:e|ium)\/([\d.]+)/)}`;
  else if (/Safari\//.test(a) && /Version\//.test(a)) browser = `Safari ${version(/Version\/([\d.]+)/)}`;
  else if (a) browser = a.split(/[\s/]/)[0]!.slice(0, 40);
  let os = '';
  if (/Windows NT/.test(a)) os = 'Windows';
  else if (/iPhone|iPad|iPod/.test(a)) os = 'iOS';
  else if (/Android/.test(a)) os = 'Android';
  else if (/Mac OS X|Macintosh/.test(a)) os = 'macOS';
  else if (/CrOS/.test(a)) os = 'ChromeOS';
  else if (/Linux/.test(a)) os = 'Linux';
  const device = /iPad|Tablet/.test(a) ? 'tablet' : /Mobi|iPhone|Android/.test(a) ? 'mobile' : 'desktop';
  return { browser: browser.trim(), os, device };
}
