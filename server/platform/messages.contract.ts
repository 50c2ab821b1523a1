// Messages of contracts and purchasing (issue 16), kept apart so the area's words are read in one place.
import type { Localized } from '../../validators/locale.ts';

export const contractMessages = {
  'contract.notChangeable': {
    'zh-CN': '合同 {contract} 未审批通过，或已完成、作废、终止，不能变更',
    'zh-TW': '合約 {contract} 未審批通過，或已完成、作廢、終止，不能變更',
    'en-US': 'Contract {contract} is not approved, or is completed, voided or terminated: it cannot be changed',
    'pt-BR': 'O contrato {contract} não está aprovado, ou está concluído, anulado ou rescindido: não pode ser alterado',
  },
  'contract.changeStale': {
    'zh-CN': '变更单 {change} 填写后合同 {contract} 已被修改或付款，请按合同现状重新保存变更单后再审批',
    'zh-TW': '變更單 {change} 填寫後合約 {contract} 已被修改或付款，請按合約現狀重新保存變更單後再審批',
    'en-US':
      'Contract {contract} was changed or paid after change {change} was written: save the change again against the contract as it is now',
    'pt-BR':
      'O contrato {contract} foi alterado ou pago depois da alteração {change}: salve a alteração novamente com o contrato atual',
  },
  'contract.noInstalment': {
    'zh-CN': '合同 {contract} 没有第 {n} 期付款计划',
    'zh-TW': '合約 {contract} 沒有第 {n} 期付款計劃',
    'en-US': 'Contract {contract} has no instalment {n}',
    'pt-BR': 'O contrato {contract} não tem a parcela {n}',
  },
  'contract.notPerforming': {
    'zh-CN': '合同 {contract} 不在履行中，不能申请付款',
    'zh-TW': '合約 {contract} 不在履行中，不能申請付款',
    'en-US': 'Contract {contract} is not being performed: no payment can be requested',
    'pt-BR': 'O contrato {contract} não está em execução: nenhum pagamento pode ser solicitado',
  },
  'contract.instalmentTaken': {
    'zh-CN': '合同 {contract} 第 {n} 期已付款或正在付款审批中',
    'zh-TW': '合約 {contract} 第 {n} 期已付款或正在付款審批中',
    'en-US': 'Instalment {n} of contract {contract} is paid or already in a payment request',
    'pt-BR': 'A parcela {n} do contrato {contract} já foi paga ou está em um pedido de pagamento',
  },
  'contract.instalmentNotOpen': {
    'zh-CN': '合同 {contract} 第 {n} 期{state}，不能再申请付款',
    'zh-TW': '合約 {contract} 第 {n} 期{state}，不能再申請付款',
    'en-US': 'Instalment {n} of contract {contract} is not open ({state}): no payment can be requested for it',
    'pt-BR': 'A parcela {n} do contrato {contract} não está em aberto ({state}): não se pode pedir pagamento dela',
  },
  'contract.aboveLeft': {
    'zh-CN': '付款金额 {amount:money} 元超过合同 {contract} 第 {n} 期尚可申请的 {left:money} 元',
    'zh-TW': '付款金額 {amount:money} 元超過合約 {contract} 第 {n} 期尚可申請的 {left:money} 元',
    'en-US': 'The payment of {amount:money} is more than the {left:money} left of instalment {n} of contract {contract}',
    'pt-BR': 'O pagamento de {amount:money} é maior que os {left:money} restantes da parcela {n} do contrato {contract}',
  },
  'contract.instalmentLabel': {
    'zh-CN': '第 {n} 期（{date}，尚余 {left:money} 元）',
    'zh-TW': '第 {n} 期（{date}，尚餘 {left:money} 元）',
    'en-US': 'Instalment {n} ({date}, {left:money} left)',
    'pt-BR': 'Parcela {n} ({date}, {left:money} restantes)',
  },
  'contract.instalmentAmount': {
    'zh-CN': '付款金额须等于第 {n} 期计划金额 {amount:money} 元',
    'zh-TW': '付款金額須等於第 {n} 期計劃金額 {amount:money} 元',
    'en-US': 'The payment must be the amount of instalment {n}: {amount:money}',
    'pt-BR': 'O pagamento deve ser o valor da parcela {n}: {amount:money}',
  },
  'purchase.needGovernment': {
    'zh-CN': '采购金额 {amount:money} 元达到本单位政府采购限额 {threshold:money} 元，采购方式不能低于政府采购',
    'zh-TW': '採購金額 {amount:money} 元達到本單位政府採購限額 {threshold:money} 元，採購方式不能低於政府採購',
    'en-US':
      'The purchase of {amount:money} reaches the government-procurement threshold of {threshold:money}: choose government procurement or public tender',
    'pt-BR':
      'A compra de {amount:money} atinge o limite de compra governamental de {threshold:money}: escolha compra governamental ou licitação pública',
  },
  'purchase.needTender': {
    'zh-CN': '采购金额 {amount:money} 元达到本单位公开招标数额标准 {threshold:money} 元，须公开招标',
    'zh-TW': '採購金額 {amount:money} 元達到本單位公開招標數額標準 {threshold:money} 元，須公開招標',
    'en-US':
      'The purchase of {amount:money} reaches the public-tender threshold of {threshold:money}: it must go to public tender',
    'pt-BR': 'A compra de {amount:money} atinge o limite de licitação pública de {threshold:money}: deve ir a licitação pública',
  },
  'job.unknown': {
    'zh-CN': '没有名为 {key} 的定时任务',
    'zh-TW': '沒有名為 {key} 的定時任務',
    'en-US': 'There is no scheduled job {key}',
    'pt-BR': 'Não há tarefa agendada {key}',
  },
  'job.failed': {
    'zh-CN': '任务执行失败：{result}',
    'zh-TW': '任務執行失敗：{result}',
    'en-US': 'The job failed: {result}',
    'pt-BR': 'A tarefa falhou: {result}',
  },
  'job.contractNoticesDone': {
    'zh-CN': '付款到期 {due} 期，合同到期 {ending} 份，已通知 {people} 人',
    'zh-TW': '付款到期 {due} 期，合約到期 {ending} 份，已通知 {people} 人',
    'en-US': '{due} instalments due, {ending} contracts ending, {people} people told',
    'pt-BR': '{due} parcelas a vencer, {ending} contratos terminando, {people} pessoas avisadas',
  },
  'job.ran': {
    'zh-CN': '已执行：{result}',
    'zh-TW': '已執行：{result}',
    'en-US': 'Done: {result}',
    'pt-BR': 'Concluída: {result}',
  },
  // The morning notice to a contract's author (notices.ts), in each reader's language.
  'notice.contract.title': {
    'zh-CN': '合同提醒：{count}项付款或到期事项',
    'zh-TW': '合約提醒：{count}項付款或到期事項',
    'en-US': 'Contract reminder: {count} payments or ends due',
    'pt-BR': 'Lembrete de contratos: {count} pagamentos ou términos',
  },
  'notice.contract.instalmentDue': {
    'zh-CN': '{contract}「{name}」第{n}期 {amount:money}元{date}到期',
    'zh-TW': '{contract}「{name}」第{n}期 {amount:money}元{date}到期',
    'en-US': '{contract} "{name}" instalment {n}, {amount:money}, due {date}',
    'pt-BR': '{contract} "{name}" parcela {n}, {amount:money}, vence em {date}',
  },
  'notice.contract.instalmentOverdue': {
    'zh-CN': '{contract}「{name}」第{n}期 {amount:money}元已逾期{days}天',
    'zh-TW': '{contract}「{name}」第{n}期 {amount:money}元已逾期{days}天',
    'en-US': '{contract} "{name}" instalment {n}, {amount:money}, {days} days overdue',
    'pt-BR': '{contract} "{name}" parcela {n}, {amount:money}, vencida há {days} dias',
  },
  'notice.contract.ending': {
    'zh-CN': '{contract}「{name}」将于{date}到期，未付{amount:money}元',
    'zh-TW': '{contract}「{name}」將於{date}到期，未付{amount:money}元',
    'en-US': '{contract} "{name}" ends on {date}, {amount:money} unpaid',
    'pt-BR': '{contract} "{name}" termina em {date}, {amount:money} a pagar',
  },
} satisfies Record<string, Localized>;
