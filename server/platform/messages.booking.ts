// Messages of bookings (issue 34): times not in the past, series of occurrences, the day view.
import type { Localized } from '../../validators/locale.ts';

export const bookingMessages = {
  'entity.notBefore': {
    'zh-CN': '{field}不能早于当前时间（{now}）',
    'zh-TW': '{field}不能早於目前時間（{now}）',
    'en-US': '{field} cannot be in the past (it is now {now})',
    'pt-BR': '{field} não pode estar no passado (agora são {now})',
  },
  'recurring.badRule': {
    'zh-CN': '重复方式只能是“每天”或“每周”，并须填写不早于首次日期的截止日期',
    'zh-TW': '重複方式只能是「每天」或「每週」，並須填寫不早於首次日期的截止日期',
    'en-US': 'Repeat daily or weekly, until a date no earlier than the first occurrence',
    'pt-BR': 'Repita diariamente ou semanalmente, até uma data não anterior à primeira ocorrência',
  },
  'recurring.tooMany': {
    'zh-CN': '重复预约最多 {max} 次，本次为 {n} 次：请提前截止日期',
    'zh-TW': '重複預約最多 {max} 次，本次為 {n} 次：請提前截止日期',
    'en-US': 'A series has at most {max} occurrences, this one {n}: choose an earlier end date',
    'pt-BR': 'Uma série tem no máximo {max} ocorrências, esta tem {n}: escolha uma data final anterior',
  },
  'recurring.refused': {
    'zh-CN': '{date} 这一次无法预约：{detail}；整组重复预约均未保存',
    'zh-TW': '{date} 這一次無法預約：{detail}；整組重複預約均未儲存',
    'en-US': 'The occurrence on {date} cannot be booked: {detail}; none of the series was saved',
    'pt-BR': 'A ocorrência de {date} não pode ser reservada: {detail}; nada da série foi salvo',
  },
  'calendar.badDay': {
    'zh-CN': '请给出日期（YYYY-MM-DD）',
    'zh-TW': '請給出日期（YYYY-MM-DD）',
    'en-US': 'Give a day (YYYY-MM-DD)',
    'pt-BR': 'Informe um dia (AAAA-MM-DD)',
  },
} satisfies Record<string, Localized>;
