// Messages of the document features (issue 14): lines, their uniqueness across documents, and the
// rules a document file states over itself.
import type { Localized } from '../../validators/locale.ts';

export const documentMessages = {
  'entity.refPrefix': {
    'zh-CN': '{doc}不能使用{field}“{name}”：它的{refField}是 {value}，{doc}只能使用{refField}为 {allowed} 的{field}',
    'zh-TW': '{doc}不能使用{field}「{name}」：它的{refField}是 {value}，{doc}只能使用{refField}為 {allowed} 的{field}',
    'en-US': '{field} "{name}" cannot be used for a {doc}: its {refField} is {value}, and a {doc} takes only {allowed}',
    'pt-BR': '{field} "{name}" não serve para {doc}: {refField} {value}; aceitam-se apenas {allowed}',
  },
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
  // Travel allowances and expense standards (issue 32): places from the official region table,
  // days from the dates, nights within the days (server/modules/expense/standards.ts).
  'allowance.region': {
    'zh-CN': '出差地点“{value}”不在出差地区表中，请从列表中选择城市或省份',
    'zh-TW': '出差地點「{value}」不在出差地區表中，請從清單中選擇城市或省份',
    'en-US': 'The place "{value}" is not in the region table: pick a city or a province from the list',
    'pt-BR': 'O local "{value}" não está na tabela de regiões: escolha uma cidade ou província da lista',
  },
  'allowance.dates': {
    'zh-CN': '出差日期不正确（出发 {start}，返回 {end}）：返回日期不能早于出发日期，一次出差不超过 365 天',
    'zh-TW': '出差日期不正確（出發 {start}，返回 {end}）：返回日期不能早於出發日期，一次出差不超過 365 天',
    'en-US':
      'The trip’s dates are wrong (departure {start}, return {end}): the return cannot come before the departure, and a trip lasts at most 365 days',
    'pt-BR':
      'As datas da viagem estão erradas (partida {start}, retorno {end}): o retorno não pode ser antes da partida, e uma viagem dura no máximo 365 dias',
  },
  'allowance.nights': {
    'zh-CN': '住宿 {nights} 晚超过了出差 {days} 天最多可住的 {most} 晚（住宿晚数不超过出差天数减一）',
    'zh-TW': '住宿 {nights} 晚超過了出差 {days} 天最多可住的 {most} 晚（住宿晚數不超過出差天數減一）',
    'en-US': '{nights} nights is more than the {most} a trip of {days} days can have (nights are at most the days less one)',
    'pt-BR': '{nights} noites é mais do que as {most} que uma viagem de {days} dias pode ter (no máximo os dias menos um)',
  },
  'standard.region': {
    'zh-CN': '地区“{value}”不在出差地区表中：请从列表中选择城市或省份，其他地区填 *',
    'zh-TW': '地區「{value}」不在出差地區表中：請從清單中選擇城市或省份，其他地區填 *',
    'en-US':
      'The region "{value}" is not in the region table: pick a city or a province from the list, or * for any other region',
    'pt-BR': 'A região "{value}" não está na tabela de regiões: escolha uma cidade ou província da lista, ou * para as demais',
  },
  'config.badDayTiers': {
    'zh-CN': '培训天数分档“{value}”不正确：写成“超过天数:百分比”，多档用逗号分隔，天数递增、百分比不增，如 30:70 或 15:70,30:60',
    'zh-TW': '培訓天數分檔「{value}」不正確：寫成「超過天數:百分比」，多檔用逗號分隔，天數遞增、百分比不增，如 30:70 或 15:70,30:60',
    'en-US':
      'The training day tiers "{value}" are not right: write "after days:percent", tiers separated by commas, days rising and percentages not, such as 30:70 or 15:70,30:60',
    'pt-BR':
      'As faixas de dias de treinamento "{value}" não estão certas: escreva "após dias:percentual", faixas separadas por vírgulas, dias crescentes e percentuais não, como 30:70 ou 15:70,30:60',
  },
  'beforehand.dates': {
    'zh-CN': '日期不正确（开始 {start}，结束 {end}）：结束日期不能早于开始日期，且不超过 365 天',
    'zh-TW': '日期不正確（開始 {start}，結束 {end}）：結束日期不能早於開始日期，且不超過 365 天',
    'en-US': 'The dates are wrong (start {start}, end {end}): the end cannot come before the start, and at most 365 days',
    'pt-BR': 'As datas estão erradas (início {start}, fim {end}): o fim não pode ser antes do início, e no máximo 365 dias',
  },
} satisfies Record<string, Localized>;
