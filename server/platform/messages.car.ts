// Messages of the official cars (issue 18).
import type { Localized } from '../../validators/locale.ts';

export const carMessages = {
  'job.carDueNoticesDone': {
    'zh-CN': '保险或年检即将到期的车辆 {cars} 辆，已通知 {people} 人',
    'zh-TW': '保險或年檢即將到期的車輛 {cars} 輛，已通知 {people} 人',
    'en-US': '{cars} cars with insurance or inspection due, {people} people told',
    'pt-BR': '{cars} veículos com seguro ou vistoria a vencer, {people} pessoas avisadas',
  },
} satisfies Record<string, Localized>;
