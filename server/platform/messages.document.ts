// Messages of the document features (issue 14): lines, their uniqueness across documents, and the
// rules a document file states over itself.
import type { Localized } from '../../validators/locale.ts';

export const documentMessages = {
  'line.error': {
    'zh-CN': '{lines}第 {n} 行：{detail}',
    'zh-TW': '{lines}第 {n} 行：{detail}',
    'en-US': '{lines}, line {n}: {detail}',
    'pt-BR': '{lines}, linha {n}: {detail}',
  },
  'line.usedElsewhere': {
    'zh-CN': '{field}“{value}”已被单据 {doc} 使用，不能重复使用',
    'zh-TW': '{field}「{value}」已被單據 {doc} 使用，不能重複使用',
    'en-US': '{field} "{value}" is already used by document {doc} and cannot be used again',
    'pt-BR': '{field} "{value}" já é usado pelo documento {doc} e não pode ser usado de novo',
  },
  'line.repeated': {
    'zh-CN': '{field}“{value}”在本单据中重复',
    'zh-TW': '{field}「{value}」在本單據中重複',
    'en-US': '{field} "{value}" appears twice in this document',
    'pt-BR': '{field} "{value}" aparece duas vezes neste documento',
  },
  // The invoice register (issue 31, server/entities/invoices.ts): one invoice, one document per site.
  'invoice.held': {
    'zh-CN': '{field}“{value}”{code}已被单据 {doc} 使用，同一张发票只能报销一次',
    'zh-TW': '{field}「{value}」{code}已被單據 {doc} 使用，同一張發票只能報銷一次',
    'en-US': '{field} "{value}"{code} is already used by document {doc}: an invoice is reimbursed only once',
    'pt-BR': '{field} "{value}"{code} já é usado pelo documento {doc}: uma nota fiscal é reembolsada uma só vez',
  },
  'invoice.codePart': {
    'zh-CN': '（{field} {code}）',
    'zh-TW': '（{field} {code}）',
    'en-US': ' ({field} {code})',
    'pt-BR': ' ({field} {code})',
  },
  'invoice.number': {
    'zh-CN': '{field}“{value}”不是有效的发票号码：数电票为 20 位数字，其他发票为发票代码加发票号码',
    'zh-TW': '{field}「{value}」不是有效的發票號碼：數電票為 20 位數字，其他發票為發票代碼加發票號碼',
    'en-US':
      '{field} "{value}" is not an invoice number: a fully digital invoice has 20 digits, any other invoice a number with its invoice code',
    'pt-BR':
      '{field} "{value}" não é um número de nota fiscal: a nota totalmente digital tem 20 dígitos, as demais um número com o seu código',
  },
  'invoice.code': {
    'zh-CN': '{field}“{value}”不是有效的发票代码（最多 12 位数字）',
    'zh-TW': '{field}「{value}」不是有效的發票代碼（最多 12 位數字）',
    'en-US': '{field} "{value}" is not an invoice code (at most 12 digits)',
    'pt-BR': '{field} "{value}" não é um código de nota fiscal (no máximo 12 dígitos)',
  },
  'invoice.codeMissing': {
    'zh-CN': '请填写{field}：只有数电票（20 位发票号码）没有发票代码',
    'zh-TW': '請填寫{field}：只有數電票（20 位發票號碼）沒有發票代碼',
    'en-US': '{field} is missing: only a fully digital invoice (a 20-digit number) has no invoice code',
    'pt-BR': '{field} não informado: só a nota totalmente digital (número de 20 dígitos) não tem código',
  },
  'document.check': {
    'zh-CN': '{detail}',
    'zh-TW': '{detail}',
    'en-US': '{detail}',
    'pt-BR': '{detail}',
  },
  'calendar.badRange': {
    'zh-CN': '日历一次最多查询{days}天，且结束须晚于开始',
    'zh-TW': '日曆一次最多查詢{days}天，且結束須晚於開始',
    'en-US': 'A calendar reads at most {days} days at a time, ending after it starts',
    'pt-BR': 'O calendário lê no máximo {days} dias por vez, terminando depois de começar',
  },
  'overlap.badRange': {
    'zh-CN': '{to}必须晚于{from}',
    'zh-TW': '{to}必須晚於{from}',
    'en-US': '{to} must be after {from}',
    'pt-BR': '{to} deve ser posterior a {from}',
  },
} satisfies Record<string, Localized>;
