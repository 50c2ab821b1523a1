// Messages of the work queues (issue 34): the home page's queue blocks (modules/home/queues.ts)
// and the task list's batch approval (modules/workflow/routes.ts).
import type { Localized } from '../../validators/locale.ts';

export const queueMessages = {
  'workflow.noBatch': {
    'zh-CN': '“{step}”环节须逐件审批，不能批量审批',
    'zh-TW': '「{step}」環節須逐件審批，不能批次審批',
    'en-US': 'The step "{step}" is decided one document at a time, not in a batch',
    'pt-BR': 'A etapa "{step}" é decidida um documento por vez, não em lote',
  },
  'workflow.batchNone': {
    'zh-CN': '所选待办均未审批：{refusals}',
    'zh-TW': '所選待辦均未審批：{refusals}',
    'en-US': 'None of the selected tasks was approved: {refusals}',
    'pt-BR': 'Nenhuma das tarefas selecionadas foi aprovada: {refusals}',
  },
  'workflow.batchPartly': {
    'zh-CN': '已批量审批 {count} 件，{failed} 件未审批：{refusals}',
    'zh-TW': '已批次審批 {count} 件，{failed} 件未審批：{refusals}',
    'en-US': '{count} approved, {failed} not: {refusals}',
    'pt-BR': '{count} aprovados, {failed} não: {refusals}',
  },
  'workflow.batchDone': {
    'zh-CN': '已批量审批 {count} 件',
    'zh-TW': '已批次審批 {count} 件',
    'en-US': '{count} approved',
    'pt-BR': '{count} aprovados',
  },
  'home.unknownQueue': {
    'zh-CN': '首页没有名为“{key}”的待办队列',
    'zh-TW': '首頁沒有名為「{key}」的待辦佇列',
    'en-US': 'The home page has no work queue named "{key}"',
    'pt-BR': 'A página inicial não tem fila de trabalho chamada "{key}"',
  },
} satisfies Record<string, Localized>;
