// Messages of the official cars (issue 18).
import type { Localized } from '../../validators/locale.ts';

export const carMessages = {
  'job.carDueNoticesDone': {
    'zh-CN': '保险或年检即将到期的车辆 {cars} 辆，已通知 {people} 人',
    'zh-TW': '保險或年檢即將到期的車輛 {cars} 輛，已通知 {people} 人',
    'en-US': '{cars} cars with insurance or inspection due, {people} people told',
    'pt-BR': '{cars} veículos com seguro ou vistoria a vencer, {people} pessoas avisadas',
  },
  // The morning notice to the dispatchers (reminders.ts), in each reader's language.
  'notice.car.title': {
    'zh-CN': '车辆提醒：{count}项保险或年检即将到期',
    'zh-TW': '車輛提醒：{count}項保險或年檢即將到期',
    'en-US': 'Cars: {count} insurance or inspection dates near',
    'pt-BR': 'Veículos: {count} seguros ou vistorias a vencer',
  },
  'notice.car.insuranceDue': {
    'zh-CN': '{plate} 保险{date}到期',
    'zh-TW': '{plate} 保險{date}到期',
    'en-US': '{plate}: insurance due {date}',
    'pt-BR': '{plate}: seguro vence em {date}',
  },
  'notice.car.insuranceOverdue': {
    'zh-CN': '{plate} 保险已过期{days}天',
    'zh-TW': '{plate} 保險已過期{days}天',
    'en-US': '{plate}: insurance {days} days overdue',
    'pt-BR': '{plate}: seguro vencido há {days} dias',
  },
  'notice.car.inspectionDue': {
    'zh-CN': '{plate} 年检{date}到期',
    'zh-TW': '{plate} 年檢{date}到期',
    'en-US': '{plate}: inspection due {date}',
    'pt-BR': '{plate}: vistoria vence em {date}',
  },
  'notice.car.inspectionOverdue': {
    'zh-CN': '{plate} 年检已过期{days}天',
    'zh-TW': '{plate} 年檢已過期{days}天',
    'en-US': '{plate}: inspection {days} days overdue',
    'pt-BR': '{plate}: vistoria vencida há {days} dias',
  },
} satisfies Record<string, Localized>;
