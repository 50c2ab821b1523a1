// Messages of the budget area (issue 7), kept apart so the area's words are read in one place.
import type { Localized } from '../../validators/locale.ts';

export const budgetMessages = {
  'journal.event.submit': { 'zh-CN': '{doc} · 提交审批', 'zh-TW': '{doc} · 提交審批', 'en-US': '{doc} · submitted', 'pt-BR': '{doc} · enviado' },
  'journal.event.approved': { 'zh-CN': '{doc} · 审批通过', 'zh-TW': '{doc} · 審批通過', 'en-US': '{doc} · approved', 'pt-BR': '{doc} · aprovado' },
  'journal.event.rejected': { 'zh-CN': '{doc} · 驳回', 'zh-TW': '{doc} · 駁回', 'en-US': '{doc} · rejected', 'pt-BR': '{doc} · rejeitado' },
  'journal.event.withdrawn': { 'zh-CN': '{doc} · 撤回', 'zh-TW': '{doc} · 撤回', 'en-US': '{doc} · withdrawn', 'pt-BR': '{doc} · retirado' },
  'journal.event.cancelled': { 'zh-CN': '{doc} · 作废', 'zh-TW': '{doc} · 作廢', 'en-US': '{doc} · cancelled', 'pt-BR': '{doc} · cancelado' },
  'journal.event.pay': { 'zh-CN': '{doc} · 付款', 'zh-TW': '{doc} · 付款', 'en-US': '{doc} · paid', 'pt-BR': '{doc} · pago' },
  'journal.event.close': { 'zh-CN': '{doc} · 关闭', 'zh-TW': '{doc} · 關閉', 'en-US': '{doc} · closed', 'pt-BR': '{doc} · encerrado' },
  'journal.event.change': { 'zh-CN': '{doc} · 变更', 'zh-TW': '{doc} · 變更', 'en-US': '{doc} · changed', 'pt-BR': '{doc} · alterado' },
  'journal.event.accept': { 'zh-CN': '{doc} · 验收', 'zh-TW': '{doc} · 驗收', 'en-US': '{doc} · accepted', 'pt-BR': '{doc} · aceito' },
  'journal.event.complete': { 'zh-CN': '{doc} · 完成', 'zh-TW': '{doc} · 完成', 'en-US': '{doc} · completed', 'pt-BR': '{doc} · concluído' },
  'journal.event.terminate': { 'zh-CN': '{doc} · 终止', 'zh-TW': '{doc} · 終止', 'en-US': '{doc} · terminated', 'pt-BR': '{doc} · rescindido' },
  'journal.event.void': { 'zh-CN': '{doc} · 作废', 'zh-TW': '{doc} · 作廢', 'en-US': '{doc} · voided', 'pt-BR': '{doc} · anulado' },
  'budget.notFound': {
    'zh-CN': '预算指标不存在或不属于本单位',
    'zh-TW': '預算指標不存在或不屬於本單位',
    'en-US': 'The budget indicator does not exist or belongs to another organisation',
    'pt-BR': 'O indicador orçamentário não existe ou pertence a outra organização',
  },
  'budget.confirmHigh': {
    'zh-CN':
      '提交后预算指标“{name}”的使用率将达到 {rate}%（本次 {amount:money} 元，剩余可用 {available:money} 元），确定提交吗？',
    'zh-TW':
      '提交後預算指標「{name}」的使用率將達到 {rate}%（本次 {amount:money} 元，剩餘可用 {available:money} 元），確定提交嗎？',
    'en-US':
      'After this, budget indicator "{name}" will be {rate}% used ({amount:money} now, {available:money} left). Submit anyway?',
    'pt-BR':
      'Depois disto, o indicador "{name}" ficará {rate}% utilizado ({amount:money} agora, {available:money} restante). Enviar mesmo assim?',
  },
  'costControl.over': {
    'zh-CN':
      '超出成本控制数：{dept}“{klass}”本年度控制数 {ceiling:money} 元，冻结与已用合计将达 {spent:money} 元（本次 {amount:money} 元）',
    'zh-TW':
      '超出成本控制數：{dept}「{klass}」本年度控制數 {ceiling:money} 元，凍結與已用合計將達 {spent:money} 元（本次 {amount:money} 元）',
    'en-US':
      'Beyond the cost-control ceiling: {dept}, class {klass}, ceiling {ceiling:money} this year; frozen and used would reach {spent:money} ({amount:money} now)',
    'pt-BR':
      'Acima do teto de controle de custos: {dept}, classe {klass}, teto {ceiling:money} neste ano; reservado e usado chegariam a {spent:money} ({amount:money} agora)',
  },
  'loan.notOut': {
    'zh-CN': '借款 {loan} 尚未借出或已结清，不能冲销',
    'zh-TW': '借款 {loan} 尚未借出或已結清，不能沖銷',
    'en-US': 'Loan {loan} has not been paid out or is settled: nothing can be written off',
    'pt-BR': 'O adiantamento {loan} não foi pago ou já está quitado: nada pode ser abatido',
  },
  'loan.overWriteOff': {
    'zh-CN': '冲销金额 {amount:money} 元超过借款 {loan} 的未还金额 {outstanding:money} 元',
    'zh-TW': '沖銷金額 {amount:money} 元超過借款 {loan} 的未還金額 {outstanding:money} 元',
    'en-US': 'The write-off of {amount:money} is more than loan {loan} has outstanding ({outstanding:money})',
    'pt-BR': 'O abatimento de {amount:money} é maior que o saldo do adiantamento {loan} ({outstanding:money})',
  },
  'standard.missing': {
    'zh-CN': '本单位未设置“{city}”的开支标准（类型 {kind}），请先在开支标准中维护',
    'zh-TW': '本單位未設定「{city}」的開支標準（類型 {kind}），請先在開支標準中維護',
    'en-US': 'The organisation has no expense standard of kind {kind} for "{city}": add it under expense standards first',
    'pt-BR': 'A organização não tem padrão de despesa do tipo {kind} para "{city}": cadastre-o primeiro em padrões de despesa',
  },
  'budget.originClosed': {
    'zh-CN': '单据 {doc} 未审批通过或已关闭，不能在其冻结额度内报销',
    'zh-TW': '單據 {doc} 未審批通過或已關閉，不能在其凍結額度內報銷',
    'en-US': 'Document {doc} is not approved or is closed: nothing can be drawn on its freeze',
    'pt-BR': 'O documento {doc} não foi aprovado ou está fechado: nada pode ser retirado da sua reserva',
  },
  'budget.badAmount': {
    'zh-CN': '金额须为大于0的数字，最多两位小数',
    'zh-TW': '金額須為大於0的數字，最多兩位小數',
    'en-US': 'The amount must be a number above 0 with at most two decimals',
    'pt-BR': 'O valor deve ser um número maior que 0 com no máximo duas casas decimais',
  },
  'budget.badOriginal': {
    'zh-CN': '年初预算数须为不小于0的数字，最多两位小数',
    'zh-TW': '年初預算數須為不小於0的數字，最多兩位小數',
    'en-US': 'The original amount must be a number of 0 or more with at most two decimals',
    'pt-BR': 'O valor original deve ser um número maior ou igual a 0 com no máximo duas casas decimais',
  },
  'budget.insufficient': {
    'zh-CN': '预算指标“{name}”可用余额不足：可用 {available:money} 元，需要 {amount:money} 元',
    'zh-TW': '預算指標「{name}」可用餘額不足：可用 {available:money} 元，需要 {amount:money} 元',
    'en-US': 'Budget indicator "{name}" has not enough available: {available:money} available, {amount:money} needed',
    'pt-BR': 'O indicador "{name}" não tem saldo suficiente: {available:money} disponível, {amount:money} necessário',
  },
  'budget.notFrozen': {
    'zh-CN': '预算指标“{name}”的冻结金额不足 {amount:money} 元',
    'zh-TW': '預算指標「{name}」的凍結金額不足 {amount:money} 元',
    'en-US': 'Budget indicator "{name}" has less than {amount:money} frozen',
    'pt-BR': 'O indicador "{name}" tem menos de {amount:money} congelado',
  },
  'budget.overPaid': {
    'zh-CN': '预算指标“{name}”的支付金额不能超过已使用金额',
    'zh-TW': '預算指標「{name}」的支付金額不能超過已使用金額',
    'en-US': 'Budget indicator "{name}" cannot pay more than it has used',
    'pt-BR': 'O indicador "{name}" não pode pagar mais do que utilizou',
  },
  'budget.hasChildren': {
    'zh-CN': '预算指标“{name}”有下级指标，只能在末级指标上使用资金',
    'zh-TW': '預算指標「{name}」有下級指標，只能在末級指標上使用資金',
    'en-US': 'Budget indicator "{name}" has child indicators; only leaf indicators are spent',
    'pt-BR': 'O indicador "{name}" tem indicadores filhos; só os de último nível são gastos',
  },
  'budget.projectNameRequired': {
    'zh-CN': '项目支出须填写项目名称',
    'zh-TW': '專案支出須填寫專案名稱',
    'en-US': 'A project expenditure needs its project name',
    'pt-BR': 'Uma despesa de projeto precisa do nome do projeto',
  },
  'budget.hasChildrenRemove': {
    'zh-CN': '预算指标“{name}”有下级指标，请先删除下级指标',
    'zh-TW': '預算指標「{name}」有下級指標，請先刪除下級指標',
    'en-US': 'Budget indicator "{name}" has child indicators; remove them first',
    'pt-BR': 'O indicador "{name}" tem indicadores filhos; remova-os primeiro',
  },
  'budget.inUse': {
    'zh-CN': '预算指标“{name}”已有冻结、使用或调整记录，不能删除',
    'zh-TW': '預算指標「{name}」已有凍結、使用或調整記錄，不能刪除',
    'en-US': 'Budget indicator "{name}" has freezes, spending or adjustments and cannot be removed',
    'pt-BR': 'O indicador "{name}" tem congelamentos, gastos ou ajustes e não pode ser removido',
  },
  'budget.fromReply': {
    'zh-CN': '预算指标“{name}”的金额来自预算批复：请先在预算批复中删除该批复，再删除指标',
    'zh-TW': '預算指標「{name}」的金額來自預算批覆：請先在預算批覆中刪除該批覆，再刪除指標',
    'en-US': 'Budget indicator "{name}" holds money from a budget reply: remove that reply under Budget replies first',
    'pt-BR': 'O indicador "{name}" tem valores de uma aprovação orçamentária: remova essa aprovação primeiro',
  },
  'budget.amountLocked': {
    'zh-CN': '预算指标已有变动，金额请通过预算批复或调整申请变更',
    'zh-TW': '預算指標已有變動，金額請透過預算批覆或調整申請變更',
    'en-US': 'This indicator has moved already: change its amount through a budget reply or an adjustment',
    'pt-BR': 'Este indicador já teve movimentos: altere o valor por uma aprovação ou um ajuste',
  },
  'budget.badParent': {
    'zh-CN': '上级指标须为同一年度的其他指标',
    'zh-TW': '上級指標須為同一年度的其他指標',
    'en-US': 'The parent must be another indicator of the same year',
    'pt-BR': 'O indicador pai deve ser outro indicador do mesmo ano',
  },
  'budget.notSpendable': {
    'zh-CN': '该预算指标不在您可使用的范围内（本部门的指标），请重新选择',
    'zh-TW': '該預算指標不在您可使用的範圍內（本部門的指標），請重新選擇',
    'en-US': 'This budget indicator is not one you may spend (your department’s indicators): please choose another',
    'pt-BR': 'Este indicador não está entre os que você pode usar (os do seu departamento): escolha outro',
  },
  'budget.parentSpent': {
    'zh-CN': '上级指标“{name}”已有资金变动，不能再添加下级指标',
    'zh-TW': '上級指標「{name}」已有資金變動，不能再新增下級指標',
    'en-US': 'Parent indicator "{name}" has moved funds already and cannot take child indicators',
    'pt-BR': 'O indicador pai "{name}" já movimentou recursos e não pode receber filhos',
  },
  'budget.replyLocked': {
    'zh-CN': '批复已生效，只能修改备注和附件；如需变更金额请新增批复或删除后重录',
    'zh-TW': '批覆已生效，只能修改備註和附件；如需變更金額請新增批覆或刪除後重錄',
    'en-US': 'A reply in force changes only its remark and files; add another reply, or remove it and enter it again',
    'pt-BR': 'Uma aprovação em vigor só altera observação e anexos; crie outra ou remova e registre de novo',
  },
  'adjust.locked': {
    'zh-CN': '已生效的调整只能修改说明；如需更正请删除后重新录入',
    'zh-TW': '已生效的調整只能修改說明；如需更正請刪除後重新錄入',
    'en-US': 'An adjustment in force changes only its reason; to correct it, remove it and enter it again',
    'pt-BR': 'Um ajuste em vigor só altera o motivo; para corrigir, remova e registre de novo',
  },
  'adjust.moneyMismatch': {
    'zh-CN': '调整金额应等于明细合计 {total:money} 元（调剂按调增合计）',
    'zh-TW': '調整金額應等於明細合計 {total:money} 元（調劑按調增合計）',
    'en-US': "The amount should equal the lines' total, {total:money} (a transfer counts its increases)",
    'pt-BR': 'O valor deveria ser igual ao total das linhas, {total:money} (a transferência conta os acréscimos)',
  },
  'adjust.noLines': {
    'zh-CN': '请至少添加一条调整明细',
    'zh-TW': '請至少新增一條調整明細',
    'en-US': 'Add at least one adjustment line',
    'pt-BR': 'Adicione ao menos uma linha de ajuste',
  },
  'adjust.tooManyLines': {
    'zh-CN': '调整明细最多 {max} 条',
    'zh-TW': '調整明細最多 {max} 條',
    'en-US': 'At most {max} adjustment lines',
    'pt-BR': 'No máximo {max} linhas de ajuste',
  },
  'adjust.duplicateLine': {
    'zh-CN': '同一预算指标在调整明细中只能出现一次',
    'zh-TW': '同一預算指標在調整明細中只能出現一次',
    'en-US': 'Each budget indicator appears once in the adjustment lines',
    'pt-BR': 'Cada indicador aparece uma única vez nas linhas de ajuste',
  },
  'adjust.badSign': {
    'zh-CN': '追加的金额须为正数，追减的金额须为负数',
    'zh-TW': '追加的金額須為正數，追減的金額須為負數',
    'en-US': 'An increase has positive amounts and a decrease negative ones',
    'pt-BR': 'Um acréscimo tem valores positivos e uma redução, negativos',
  },
  'adjust.notBalanced': {
    'zh-CN': '调剂的调增与调减金额合计须为零',
    'zh-TW': '調劑的調增與調減金額合計須為零',
    'en-US': 'The lines of a transfer must add up to zero',
    'pt-BR': 'As linhas de uma transferência devem somar zero',
  },
  'adjust.zeroLine': {
    'zh-CN': '调整金额不能为零',
    'zh-TW': '調整金額不能為零',
    'en-US': 'An adjustment line cannot be zero',
    'pt-BR': 'Uma linha de ajuste não pode ser zero',
  },
  'adjust.wrongYear': {
    'zh-CN': '调整明细中的预算指标须属于{year}年度',
    'zh-TW': '調整明細中的預算指標須屬於{year}年度',
    'en-US': 'The indicators of the lines must belong to year {year}',
    'pt-BR': 'Os indicadores das linhas devem ser do ano {year}',
  },
  'adjust.basicProject': {
    'zh-CN': '基本支出与项目支出之间不能调剂',
    'zh-TW': '基本支出與專案支出之間不能調劑',
    'en-US': 'No transfer between basic and project expenditure',
    'pt-BR': 'Não há transferência entre despesa básica e de projeto',
  },
  'adjust.sanGong': {
    'zh-CN': '不能调剂增加“三公”经费（{name}）',
    'zh-TW': '不能調劑增加「三公」經費（{name}）',
    'en-US': 'No transfer into the three public expenses ({name})',
    'pt-BR': 'Não há transferência para as três despesas públicas ({name})',
  },
  'adjust.inFlight': {
    'zh-CN': '预算指标“{name}”已有进行中的调整申请，请待其结束后再申请',
    'zh-TW': '預算指標「{name}」已有進行中的調整申請，請待其結束後再申請',
    'en-US': 'Budget indicator "{name}" has an adjustment in progress; wait until it ends',
    'pt-BR': 'O indicador "{name}" já tem um ajuste em andamento; aguarde o término',
  },
  'adjust.noTask': {
    'zh-CN': '该调整申请当前没有待您审批的任务',
    'zh-TW': '該調整申請目前沒有待您審批的任務',
    'en-US': 'This adjustment has no approval step waiting for you',
    'pt-BR': 'Este ajuste não tem etapa de aprovação aguardando você',
  },
  'adjust.noDecision': {
    'zh-CN': '请选择审核结果：通过或驳回',
    'zh-TW': '請選擇審核結果：通過或駁回',
    'en-US': 'Choose the decision: approve or reject',
    'pt-BR': 'Escolha a decisão: aprovar ou rejeitar',
  },
  'adjust.notCancellable': {
    'zh-CN': '只有审批中的调整申请可以作废',
    'zh-TW': '只有審批中的調整申請可以作廢',
    'en-US': 'Only an adjustment in approval can be cancelled',
    'pt-BR': 'Só um ajuste em aprovação pode ser cancelado',
  },
  'adjust.notCanceller': {
    'zh-CN': '只有申请人或有审核权限的人员可以作废调整申请',
    'zh-TW': '只有申請人或有審核權限的人員可以作廢調整申請',
    'en-US': 'Only the applicant or someone who audits adjustments can cancel it',
    'pt-BR': 'Só o solicitante ou quem audita ajustes pode cancelá-lo',
  },
} satisfies Record<string, Localized>;
