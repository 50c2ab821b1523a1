// Messages of the controls (DOMAIN.md "Controls"): segregation of duties in approvals and state actions.
import type { Localized } from '../../validators/locale.ts';

export const controlMessages = {
  'workflow.ownDocument': {
    'zh-CN': '不能审批本人的单据（不相容岗位相互分离）',
    'zh-TW': '不能審批本人的單據（不相容崗位相互分離）',
    'en-US': 'You cannot decide a step of your own document (segregation of duties)',
    'pt-BR': 'Você não pode decidir uma etapa do seu próprio documento (segregação de funções)',
  },
  'workflow.decidedBefore': {
    'zh-CN': '您已审批过该单据的其他环节，同一人不能审批同一单据的两个环节',
    'zh-TW': '您已審批過該單據的其他環節，同一人不能審批同一單據的兩個環節',
    'en-US': 'You have already decided another step of this document; no one decides two steps of one document',
    'pt-BR': 'Você já decidiu outra etapa deste documento; ninguém decide duas etapas do mesmo documento',
  },
  'workflow.transferExcluded': {
    'zh-CN': '不能转办给{name}：其为申请人或已审批过该单据的其他环节',
    'zh-TW': '不能轉辦給{name}：其為申請人或已審批過該單據的其他環節',
    'en-US': 'Cannot transfer to {name}: they applied for this document or decided another step of it',
    'pt-BR': 'Não é possível transferir para {name}: é o solicitante ou já decidiu outra etapa deste documento',
  },
  'state.ownDocument': {
    'zh-CN': '不能对本人申请的单据执行“{action}”（不相容岗位相互分离）',
    'zh-TW': '不能對本人申請的單據執行「{action}」（不相容崗位相互分離）',
    'en-US': 'You cannot take “{action}” on your own document (segregation of duties)',
    'pt-BR': 'Você não pode executar “{action}” no seu próprio documento (segregação de funções)',
  },
  'state.approvedIt': {
    'zh-CN': '您审批过该单据，不能再执行“{action}”（不相容岗位相互分离）',
    'zh-TW': '您審批過該單據，不能再執行「{action}」（不相容崗位相互分離）',
    'en-US': 'You approved this document, so you cannot also take “{action}” on it (segregation of duties)',
    'pt-BR': 'Você aprovou este documento e por isso não pode também executar “{action}” (segregação de funções)',
  },
} satisfies Record<string, Localized>;
