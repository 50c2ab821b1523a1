// Messages of budget warnings (预警, issue 7): the refusals of the release endpoint and the texts
// of the records the server raises. A record keeps its text's key and parameters, so every reader
// sees it in their own language; the stored column holds the zh-CN text (exports, searches).
import type { Localized } from '../../validators/locale.ts';

export const warningMessages = {
  'warning.rate': {
    'zh-CN':
      '预算指标“{name}”已使用 {rate}%（冻结与已用合计 {committed:money} 元 / 调整后预算 {adjusted:money} 元），达到 {threshold}% 预警线',
    'zh-TW':
      '預算指標「{name}」已使用 {rate}%（凍結與已用合計 {committed:money} 元 / 調整後預算 {adjusted:money} 元），達到 {threshold}% 預警線',
    'en-US':
      'Budget indicator "{name}" is {rate}% committed ({committed:money} frozen and used of {adjusted:money} adjusted), at or above the {threshold}% warning line',
    'pt-BR':
      'O indicador "{name}" está {rate}% comprometido ({committed:money} congelado e usado de {adjusted:money} ajustado), no limite de alerta de {threshold}% ou acima',
  },
  'warning.over': {
    'zh-CN': '预算指标“{name}”已超预算：冻结与已用合计 {committed:money} 元，超过调整后预算 {adjusted:money} 元（{rate}%）',
    'zh-TW': '預算指標「{name}」已超預算：凍結與已用合計 {committed:money} 元，超過調整後預算 {adjusted:money} 元（{rate}%）',
    'en-US':
      'Budget indicator "{name}" is over budget: {committed:money} frozen and used exceeds the adjusted {adjusted:money} ({rate}%)',
    'pt-BR':
      'O indicador "{name}" está acima do orçamento: {committed:money} congelado e usado excede o ajustado de {adjusted:money} ({rate}%)',
  },
  'warning.lag': {
    'zh-CN': '预算指标“{name}”执行率 {rate}%，低于时间进度 {progress}% 减容差 {tolerance}% 后的 {threshold}%',
    'zh-TW': '預算指標「{name}」執行率 {rate}%，低於時間進度 {progress}% 減容差 {tolerance}% 後的 {threshold}%',
    'en-US':
      'Budget indicator "{name}" has an execution rate of {rate}%, below {threshold}% (time progress {progress}% less the {tolerance}% tolerance)',
    'pt-BR':
      'O indicador "{name}" tem taxa de execução de {rate}%, abaixo de {threshold}% (progresso do tempo {progress}% menos a tolerância de {tolerance}%)',
  },
  'warning.word': {
    'zh-CN': '{source}的说明含预警词“{word}”（预算指标“{name}”）：{text}',
    'zh-TW': '{source}的說明含預警詞「{word}」（預算指標「{name}」）：{text}',
    'en-US': 'The description of {source} contains the warning word "{word}" (budget indicator "{name}"): {text}',
    'pt-BR': 'A descrição de {source} contém a palavra de alerta "{word}" (indicador "{name}"): {text}',
  },
  'warning.wordNoBudget': {
    'zh-CN': '{source}的说明含预警词“{word}”：{text}',
    'zh-TW': '{source}的說明含預警詞「{word}」：{text}',
    'en-US': 'The description of {source} contains the warning word "{word}": {text}',
    'pt-BR': 'A descrição de {source} contém a palavra de alerta "{word}": {text}',
  },
  'warning.standard': {
    'zh-CN': '{source}超过开支标准：{value:money} 元，标准上限 {ceiling:money} 元',
    'zh-TW': '{source}超過開支標準：{value:money} 元，標準上限 {ceiling:money} 元',
    'en-US': '{source} is over the expense standard: {value:money} against a ceiling of {ceiling:money}',
    'pt-BR': '{source} está acima do padrão de despesas: {value:money} contra um teto de {ceiling:money}',
  },
  'warning.standardLine': {
    'zh-CN': '{source}第 {line} 行（{name}）超过开支标准：{value:money} 元，标准上限 {ceiling:money} 元',
    'zh-TW': '{source}第 {line} 行（{name}）超過開支標準：{value:money} 元，標準上限 {ceiling:money} 元',
    'en-US': 'Line {line} of {source} ({name}) is over the expense standard: {value:money} against a ceiling of {ceiling:money}',
    'pt-BR':
      'A linha {line} de {source} ({name}) está acima do padrão de despesas: {value:money} contra um teto de {ceiling:money}',
  },
  'warning.autoReleased': {
    'zh-CN': '预警原因已消除，系统自动解除',
    'zh-TW': '預警原因已消除，系統自動解除',
    'en-US': 'The cause went away: released automatically',
    'pt-BR': 'A causa deixou de existir: liberado automaticamente',
  },
  'warning.source.budgetSubtract': {
    'zh-CN': '预算扣减',
    'zh-TW': '預算扣減',
    'en-US': 'a budget deduction',
    'pt-BR': 'uma dedução orçamentária',
  },
  'warning.source.document': {
    'zh-CN': '单据 {type} {id}',
    'zh-TW': '單據 {type} {id}',
    'en-US': 'document {type} {id}',
    'pt-BR': 'o documento {type} {id}',
  },
  'warning.noteRequired': {
    'zh-CN': '请填写解除说明',
    'zh-TW': '請填寫解除說明',
    'en-US': 'Please give a note for the release',
    'pt-BR': 'Informe uma observação para a liberação',
  },
  'warning.noteTooLong': {
    'zh-CN': '解除说明请控制在200个字符以内',
    'zh-TW': '解除說明請控制在200個字元以內',
    'en-US': 'The release note may have at most 200 characters',
    'pt-BR': 'A observação da liberação pode ter no máximo 200 caracteres',
  },
  'warning.alreadyReleased': {
    'zh-CN': '预警记录 {id} 已解除，不能重复解除',
    'zh-TW': '預警記錄 {id} 已解除，不能重複解除',
    'en-US': 'Warning record {id} is already released',
    'pt-BR': 'O registro de alerta {id} já foi liberado',
  },
  'warning.released': {
    'zh-CN': '已解除 {count} 条预警',
    'zh-TW': '已解除 {count} 條預警',
    'en-US': '{count} warning(s) released',
    'pt-BR': '{count} alerta(s) liberado(s)',
  },
  'warning.serverOnly': {
    'zh-CN': '预警记录由系统自动产生，不能手工新增或修改',
    'zh-TW': '預警記錄由系統自動產生，不能手動新增或修改',
    'en-US': 'Warning records are raised by the system; they cannot be added or edited by hand',
    'pt-BR': 'Os registros de alerta são gerados pelo sistema; não podem ser criados nem editados manualmente',
  },
} satisfies Record<string, Localized>;
