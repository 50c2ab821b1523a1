// Messages of the schema reminders (issue 35, modules/notice/reminders.ts).
import type { Localized } from '../../validators/locale.ts';

export const reminderMessages = {
  'job.reminderDone': {
    'zh-CN': '提醒了 {rows} 条记录，已通知 {people} 人',
    'zh-TW': '提醒了 {rows} 筆記錄，已通知 {people} 人',
    'en-US': '{rows} records reminded of, {people} people told',
    'pt-BR': '{rows} registros lembrados, {people} pessoas avisadas',
  },
} satisfies Record<string, Localized>;
