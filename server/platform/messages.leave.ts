// Messages of leave with rules (issue 34): server/modules/leave/leave.ts.
import type { Localized } from '../../validators/locale.ts';

export const leaveMessages = {
  'leave.endBeforeStart': {
    'zh-CN': '结束日期（{end}）不能早于开始日期（{start}）',
    'zh-TW': '結束日期（{end}）不能早於開始日期（{start}）',
    'en-US': 'The end date ({end}) cannot be before the start date ({start})',
    'pt-BR': 'A data final ({end}) não pode ser anterior à data inicial ({start})',
  },
  'leave.tooLong': {
    'zh-CN': '一次请假最长{max}天（{start}至{end}）',
    'zh-TW': '一次請假最長{max}天（{start}至{end}）',
    'en-US': 'A leave spans at most {max} days ({start} to {end})',
    'pt-BR': 'Uma licença abrange no máximo {max} dias ({start} a {end})',
  },
  'leave.noWorkingDays': {
    'zh-CN': '{start}至{end}都是休息日或节假日，无需请假',
    'zh-TW': '{start}至{end}都是休息日或節假日，無需請假',
    'en-US': '{start} to {end} are all weekends or public holidays: no leave is needed',
    'pt-BR': 'De {start} a {end} são todos fins de semana ou feriados: não é preciso licença',
  },
  'leave.beyondBalance': {
    'zh-CN': '{kind}余额不足：{year}年额度{entitled}天，已休{taken}天，审批中{pending}天，剩余{left}天，本次申请{days}天',
    'zh-TW': '{kind}餘額不足：{year}年額度{entitled}天，已休{taken}天，審批中{pending}天，剩餘{left}天，本次申請{days}天',
    'en-US':
      '{kind}: not enough left — {year} entitlement {entitled} days, taken {taken}, in approval {pending}, left {left}; this request {days} days',
    'pt-BR':
      '{kind}: saldo insuficiente — direito de {year} {entitled} dias, gozados {taken}, em aprovação {pending}, restam {left}; este pedido {days} dias',
  },
  'leave.notEntitled': {
    'zh-CN': '{year}年没有{kind}额度（{why}）',
    'zh-TW': '{year}年沒有{kind}額度（{why}）',
    'en-US': 'No {kind} entitlement in {year} ({why})',
    'pt-BR': 'Sem direito a {kind} em {year} ({why})',
  },
  'leave.why.noWorkStart': {
    'zh-CN': '未登记参加工作日期，请联系人事或管理员',
    'zh-TW': '未登記參加工作日期，請聯絡人事或管理員',
    'en-US': 'no work start date is recorded: ask HR or an administrator',
    'pt-BR': 'nenhuma data de início de trabalho registada: fale com RH ou um administrador',
  },
  'leave.why.underOneYear': {
    'zh-CN': '截至{asOf}累计工作不满1年，带薪年休假条例第三条',
    'zh-TW': '截至{asOf}累計工作不滿1年，帶薪年休假條例第三條',
    'en-US': 'under one year of service on {asOf}, Paid Annual Leave Regulation art. 3',
    'pt-BR': 'menos de um ano de serviço em {asOf}, Regulamento de férias pagas art. 3',
  },
  'leave.why.noEntitlement': {
    'zh-CN': '假期额度表中没有此类假期',
    'zh-TW': '假期額度表中沒有此類假期',
    'en-US': 'the entitlement register has no such leave',
    'pt-BR': 'o registo de direitos não tem este tipo de licença',
  },
  'leave.badYear': {
    'zh-CN': '年份应为四位数字',
    'zh-TW': '年份應為四位數字',
    'en-US': 'The year must be four digits',
    'pt-BR': 'O ano deve ter quatro dígitos',
  },
} satisfies Record<string, Localized>;
