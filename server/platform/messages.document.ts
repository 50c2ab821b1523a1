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
