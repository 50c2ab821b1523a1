// Messages of the approval chains (issue 33): process files that read site settings, reasons,
// countersign and copies (抄送), and the approval rules finance keeps.
import type { Localized } from '../../validators/locale.ts';

export const approvalMessages = {
  'workflow.badReason': {
    'zh-CN': '审批理由须为文本键（如 approval.reason.head），其取值写作“名称=表达式”并以分号分隔',
    'zh-TW': '審批理由須為文字鍵（如 approval.reason.head），其取值寫作「名稱=運算式」並以分號分隔',
    'en-US': 'A step’s reason is a text key (approval.reason.head) and its values are name=expression, separated by semicolons',
    'pt-BR':
      'O motivo de uma etapa é uma chave de texto (approval.reason.head) e seus valores são nome=expressão, separados por ponto e vírgula',
  },
  'workflow.badCopyTo': {
    'zh-CN': '抄送对象须写作 role:角色标识、user:用户编号 或 setting:设置键，以逗号分隔',
    'zh-TW': '抄送對象須寫作 role:角色標識、user:使用者編號 或 setting:設定鍵，以逗號分隔',
    'en-US': 'Copies go to role:<role key>, user:<user id> or setting:<setting key>, separated by commas',
    'pt-BR':
      'As cópias vão para role:<chave do papel>, user:<id do usuário> ou setting:<chave da configuração>, separados por vírgulas',
  },
  'workflow.badCountersign': {
    'zh-CN': '会签只支持 nk:countersign="all"（全部审批人同意）',
    'zh-TW': '會簽只支援 nk:countersign="all"（全部審批人同意）',
    'en-US': 'Countersign is only nk:countersign="all" (every approver agrees)',
    'pt-BR': 'A assinatura conjunta é apenas nk:countersign="all" (todos os aprovadores concordam)',
  },
  'workflow.unknownSetting': {
    'zh-CN': '流程引用的设置在本单位不存在或为加密设置：{keys}',
    'zh-TW': '流程引用的設定在本單位不存在或為加密設定：{keys}',
    'en-US': 'The process reads settings this organisation does not have, or write-only ones: {keys}',
    'pt-BR': 'O processo lê configurações que esta organização não tem, ou que são somente de escrita: {keys}',
  },
  'workflow.countersignHolder': {
    'zh-CN': '不能转办给{name}：其已是本会签环节的审批人',
    'zh-TW': '不能轉辦給{name}：其已是本會簽環節的審批人',
    'en-US': 'Cannot transfer to {name}: they already decide this countersign step',
    'pt-BR': 'Não é possível transferir para {name}: já decide esta etapa de assinatura conjunta',
  },
  'workflow.copyNoticeTitle': {
    'zh-CN': '抄送：{title}',
    'zh-TW': '抄送：{title}',
    'en-US': 'Copy: {title}',
    'pt-BR': 'Cópia: {title}',
  },
  'workflow.copyNoticeContent': {
    'zh-CN': '{applicant}的“{title}”已到“{step}”环节，抄送您知悉，无需审批。可在“流程管理 → 抄送我的”中查看。',
    'zh-TW': '{applicant}的「{title}」已到「{step}」環節，抄送您知悉，無需審批。可在「流程管理 → 抄送我的」中查看。',
    'en-US':
      '“{title}” of {applicant} reached the step “{step}” and is copied to you for information; you need not decide it. Read it under Workflow → Copied to me.',
    'pt-BR':
      '“{title}” de {applicant} chegou à etapa “{step}” e foi copiado para você para conhecimento; não é preciso decidir. Leia em Fluxo de trabalho → Cópias para mim.',
  },
  'config.badRole': {
    'zh-CN': '“{name}”须为本单位已有的角色标识（或留空表示无），“{value}”不是',
    'zh-TW': '「{name}」須為本單位已有的角色標識（或留空表示無），「{value}」不是',
    'en-US': '“{name}” must be a role key of this organisation (or empty for none); “{value}” is not',
    'pt-BR': '“{name}” deve ser a chave de um papel desta organização (ou vazio para nenhum); “{value}” não é',
  },
  'config.badRecipients': {
    'zh-CN': '“{name}”须为 role:角色标识 或 user:用户编号，以逗号分隔（或留空），“{value}”不是',
    'zh-TW': '「{name}」須為 role:角色標識 或 user:使用者編號，以逗號分隔（或留空），「{value}」不是',
    'en-US': '“{name}” must be role:<role key> or user:<user id> entries separated by commas (or empty); “{value}” is not',
    'pt-BR':
      '“{name}” deve ter entradas role:<chave do papel> ou user:<id do usuário> separadas por vírgulas (ou vazio); “{value}” não é',
  },
} satisfies Record<string, Localized>;
