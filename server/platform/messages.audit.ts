// Messages of the audit trail (issue 36, modules/audit).
import type { Localized } from '../../validators/locale.ts';

export const auditMessages = {
  'audit.chainSound': {
    'zh-CN': '审计链完整：已核验 {count} 条记录，链头 #{seq} {hash}',
    'zh-TW': '稽核鏈完整：已核驗 {count} 筆記錄，鏈頭 #{seq} {hash}',
    'en-US': 'The audit chain is sound: {count} records checked, head #{seq} {hash}',
    'pt-BR': 'A cadeia de auditoria está íntegra: {count} registros verificados, topo #{seq} {hash}',
  },
  'audit.chainBroken': {
    'zh-CN': '审计链第 {seq} 条记录不符：{detail}',
    'zh-TW': '稽核鏈第 {seq} 筆記錄不符：{detail}',
    'en-US': 'Audit record #{seq} does not match: {detail}',
    'pt-BR': 'O registro de auditoria #{seq} não confere: {detail}',
  },
  'audit.fault.hash': {
    'zh-CN': '内容与其哈希不符（记录被改动）',
    'zh-TW': '內容與其雜湊不符（記錄被改動）',
    'en-US': 'its content does not match its hash (the record was changed)',
    'pt-BR': 'o conteúdo não confere com o hash (o registro foi alterado)',
  },
  'audit.fault.link': {
    'zh-CN': '与前一条记录的哈希不相连（记录被替换或插入）',
    'zh-TW': '與前一筆記錄的雜湊不相連（記錄被替換或插入）',
    'en-US': 'it does not link to the hash of the record before it (a record was replaced or inserted)',
    'pt-BR': 'não se liga ao hash do registro anterior (um registro foi substituído ou inserido)',
  },
  'audit.fault.gap': {
    'zh-CN': '记录缺失（被删除）',
    'zh-TW': '記錄缺失（被刪除）',
    'en-US': 'the record is missing (it was deleted)',
    'pt-BR': 'o registro está faltando (foi excluído)',
  },
  'audit.fault.column': {
    'zh-CN': '检索字段与记录内容不符（{detail}）',
    'zh-TW': '檢索欄位與記錄內容不符（{detail}）',
    'en-US': 'its search columns differ from its content ({detail})',
    'pt-BR': 'as colunas de busca diferem do conteúdo ({detail})',
  },
  'audit.fault.head': {
    'zh-CN': '最后一条记录不是本单位保存的链头（末尾记录被删除或替换）',
    'zh-TW': '最後一筆記錄不是本單位保存的鏈頭（末尾記錄被刪除或替換）',
    'en-US': 'the last record is not the head the site keeps (records at the end were deleted or replaced)',
    'pt-BR': 'o último registro não é o topo que a unidade guarda (registros do fim foram excluídos ou substituídos)',
  },
  'audit.archived': {
    'zh-CN': '已将 {count} 条审计记录（至 #{seq}）移入归档，链完整保留',
    'zh-TW': '已將 {count} 筆稽核記錄（至 #{seq}）移入歸檔，鏈完整保留',
    'en-US': '{count} audit records (through #{seq}) moved to the archive, chain kept whole',
    'pt-BR': '{count} registros de auditoria (até #{seq}) movidos para o arquivo, cadeia mantida íntegra',
  },
  'audit.head.title': {
    'zh-CN': '链头',
    'zh-TW': '鏈頭',
    'en-US': 'Chain head',
    'pt-BR': 'Topo da cadeia',
  },
  'audit.head.site': {
    'zh-CN': '单位',
    'zh-TW': '單位',
    'en-US': 'Organisation',
    'pt-BR': 'Organização',
  },
  'audit.head.seq': {
    'zh-CN': '最后封存序号',
    'zh-TW': '最後封存序號',
    'en-US': 'Last sealed number',
    'pt-BR': 'Último número selado',
  },
  'audit.head.hash': {
    'zh-CN': '链头哈希',
    'zh-TW': '鏈頭雜湊',
    'en-US': 'Head hash',
    'pt-BR': 'Hash do topo',
  },
  'audit.asOfBadSeq': {
    'zh-CN': '审计记录序号“{value}”不是有效的数字',
    'zh-TW': '稽核記錄序號「{value}」不是有效的數字',
    'en-US': 'The audit record number "{value}" is not a valid number',
    'pt-BR': 'O número do registro de auditoria "{value}" não é um número válido',
  },
  'audit.asOfBadTime': {
    'zh-CN': '时刻“{value}”不是有效的日期时间（如 2026-04-06 09:30）',
    'zh-TW': '時刻「{value}」不是有效的日期時間（如 2026-04-06 09:30）',
    'en-US': 'The moment "{value}" is not a valid date and time (e.g. 2026-04-06 09:30)',
    'pt-BR': 'O momento "{value}" não é uma data e hora válida (ex.: 2026-04-06 09:30)',
  },
  'audit.asOfBefore': {
    'zh-CN': '该单据在此时刻尚未创建',
    'zh-TW': '該單據在此時刻尚未建立',
    'en-US': 'The document did not exist yet at that moment',
    'pt-BR': 'O documento ainda não existia nesse momento',
  },
  'audit.asOfRemoved': {
    'zh-CN': '该单据在此时刻已被删除',
    'zh-TW': '該單據在此時刻已被刪除',
    'en-US': 'The document had been removed by that moment',
    'pt-BR': 'O documento já havia sido excluído nesse momento',
  },
} satisfies Record<string, Localized>;
