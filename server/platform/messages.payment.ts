// Messages of payments (DOMAIN.md "payment"): the cashier pays approved documents, each at what is
// still payable.
import type { Localized } from '../../validators/locale.ts';

export const paymentMessages = {
  'payment.notPayable': {
    'zh-CN': '{doc} 不是待支付的单据（未审批通过或已支付）',
    'zh-TW': '{doc} 不是待支付的單據（未審批通過或已支付）',
    'en-US': '{doc} is not waiting to be paid (not approved, or already paid)',
    'pt-BR': '{doc} não está aguardando pagamento (não aprovado ou já pago)',
  },
  'payment.unknownKind': {
    'zh-CN': '第 {n} 行：这类单据不经付款单支付',
    'zh-TW': '第 {n} 行：這類單據不經付款單支付',
    'en-US': 'Line {n}: documents of this kind are not paid through a payment',
    'pt-BR': 'Linha {n}: documentos deste tipo não são pagos por um pagamento',
  },
  'payment.twice': {
    'zh-CN': '{doc} 在本付款单中出现了两次',
    'zh-TW': '{doc} 在本付款單中出現了兩次',
    'en-US': '{doc} is on this payment twice',
    'pt-BR': '{doc} aparece duas vezes neste pagamento',
  },
  'payment.overDue': {
    'zh-CN': '{doc} 本次支付 {amount} 元，超过尚应支付的 {due} 元',
    'zh-TW': '{doc} 本次支付 {amount} 元，超過尚應支付的 {due} 元',
    'en-US': '{doc}: paying {amount} is more than the {due} still payable',
    'pt-BR': '{doc}: pagar {amount} excede os {due} ainda a pagar',
  },
  'payment.wholeOnly': {
    'zh-CN': '{doc} 须一次付清尚应支付的 {due} 元，不能部分支付',
    'zh-TW': '{doc} 須一次付清尚應支付的 {due} 元，不能部分支付',
    'en-US': '{doc} is paid in one go: the {due} still payable, not part of it',
    'pt-BR': '{doc} é pago de uma vez: os {due} ainda a pagar, não uma parte',
  },
  'payment.partlyPaid': {
    'zh-CN': '{doc} 已部分支付 {paid} 元，其余款项请通过付款单支付',
    'zh-TW': '{doc} 已部分支付 {paid} 元，其餘款項請透過付款單支付',
    'en-US': '{doc} has been paid {paid} in part: pay the rest through a payment',
    'pt-BR': '{doc} já teve {paid} pagos em parte: pague o restante por um pagamento',
  },
  'payment.empty': {
    'zh-CN': '付款单至少要有一笔待支付的单据',
    'zh-TW': '付款單至少要有一筆待支付的單據',
    'en-US': 'A payment pays at least one document',
    'pt-BR': 'Um pagamento paga pelo menos um documento',
  },
  'journal.event.payPart': {
    'zh-CN': '{doc} · 部分付款',
    'zh-TW': '{doc} · 部分付款',
    'en-US': '{doc} · paid in part',
    'pt-BR': '{doc} · pago em parte',
  },
} satisfies Record<string, Localized>;
