// Every message the server sends back, in the four interface languages. A response's `msg` is
// picked here by the request's Accept-Language; nothing else in the server writes user text.
import { format, type Locale, type Localized } from '../../validators/locale.ts';

import { budgetMessages } from './messages.budget.ts';
import { documentMessages } from './messages.document.ts';
import { importMessages } from './messages.import.ts';
import { inputMessages } from './messages.input.ts';
import { sourcesMessages } from './messages.sources.ts';
import { warningMessages } from './messages.warning.ts';
import { contractMessages } from './messages.contract.ts';
import { assetMessages } from './messages.asset.ts';
import { accountMessages } from './messages.account.ts';
import { salaryMessages } from './messages.salary.ts';
import { controlMessages } from './messages.controls.ts';
import { timeMessages } from './messages.time.ts';
import { paymentMessages } from './messages.payment.ts';
import { approvalMessages } from './messages.approval.ts';
import { bookingMessages } from './messages.booking.ts';
import { leaveMessages } from './messages.leave.ts';
import { queueMessages } from './messages.queue.ts';
import { reminderMessages } from './messages.reminder.ts';
import { auditMessages } from './messages.audit.ts';
import { schemaMessages } from './messages.schema.ts';

export const messages = {
  ...budgetMessages,
  ...documentMessages,
  ...importMessages,
  ...inputMessages,
  ...sourcesMessages,
  ...warningMessages,
  ...contractMessages,
  ...assetMessages,
  ...accountMessages,
  ...salaryMessages,
  ...controlMessages,
  ...timeMessages,
  ...paymentMessages,
  ...approvalMessages,
  ...bookingMessages,
  ...leaveMessages,
  ...queueMessages,
  ...reminderMessages,
  ...auditMessages,
  ...schemaMessages,
  ok: { 'zh-CN': '操作成功', 'zh-TW': '操作成功', 'en-US': 'Success', 'pt-BR': 'Sucesso' },
  'auth.loginExpired': {
    'zh-CN': '登录已失效，请重新登录',
    'zh-TW': '登入已失效，請重新登入',
    'en-US': 'Your sign-in has expired, please sign in again',
    'pt-BR': 'Sua sessão expirou, entre novamente',
  },
  'auth.otherSite': {
    'zh-CN': '登录信息不属于当前单位，请重新登录',
    'zh-TW': '登入資訊不屬於目前單位，請重新登入',
    'en-US': 'This sign-in belongs to another organisation, please sign in again',
    'pt-BR': 'Esta sessão pertence a outra organização, entre novamente',
  },
  'auth.forbidden': {
    'zh-CN': '没有权限，请联系管理员授权（{key}）',
    'zh-TW': '沒有權限，請聯絡管理員授權（{key}）',
    'en-US': 'Insufficient permission, ask an administrator to grant it ({key})',
    'pt-BR': 'Permissão insuficiente, peça a um administrador para concedê-la ({key})',
  },
  'auth.passwordChangeRequired': {
    'zh-CN': '请先修改密码',
    'zh-TW': '請先修改密碼',
    'en-US': 'Please change your password first',
    'pt-BR': 'Altere sua senha primeiro',
  },
  'auth.badCredentials': {
    'zh-CN': '账号或密码错误，再错{left}次账号将被锁定',
    'zh-TW': '帳號或密碼錯誤，再錯{left}次帳號將被鎖定',
    'en-US': 'Wrong account or password; {left} more failures lock the account',
    'pt-BR': 'Conta ou senha incorreta; mais {left} falhas bloqueiam a conta',
  },
  'auth.locked': {
    'zh-CN': '账号已锁定，请{minutes}分钟后再试，或联系管理员解锁',
    'zh-TW': '帳號已鎖定，請{minutes}分鐘後再試，或聯絡管理員解鎖',
    'en-US': 'The account is locked; try again in {minutes} minutes or ask an administrator to unlock it',
    'pt-BR': 'A conta está bloqueada; tente novamente em {minutes} minutos ou peça a um administrador para desbloqueá-la',
  },
  'auth.disabled': {
    'zh-CN': '账号已停用，请联系管理员',
    'zh-TW': '帳號已停用，請聯絡管理員',
    'en-US': 'The account is disabled, please contact an administrator',
    'pt-BR': 'A conta está desativada, contate um administrador',
  },
  'auth.captchaRequired': {
    'zh-CN': '请输入验证码',
    'zh-TW': '請輸入驗證碼',
    'en-US': 'Please enter the captcha',
    'pt-BR': 'Digite o captcha',
  },
  'auth.captchaWrong': {
    'zh-CN': '验证码错误或已过期，请重新输入',
    'zh-TW': '驗證碼錯誤或已過期，請重新輸入',
    'en-US': 'The captcha is wrong or has expired, please try again',
    'pt-BR': 'O captcha está errado ou expirou, tente novamente',
  },
  'auth.throttled': {
    'zh-CN': '登录尝试过于频繁，请{seconds}秒后再试',
    'zh-TW': '登入嘗試過於頻繁，請{seconds}秒後再試',
    'en-US': 'Too many sign-in attempts; try again in {seconds} seconds',
    'pt-BR': 'Tentativas de acesso demais; tente novamente em {seconds} segundos',
  },
  'auth.notEnabled': {
    'zh-CN': '本单位未开启{feature}',
    'zh-TW': '本單位未開啟{feature}',
    'en-US': '{feature} is not enabled for this organisation',
    'pt-BR': '{feature} não está habilitado para esta organização',
  },
  'feature.register': { 'zh-CN': '用户注册', 'zh-TW': '使用者註冊', 'en-US': 'Registration', 'pt-BR': 'O cadastro' },
  'feature.forgePassword': {
    'zh-CN': '找回密码',
    'zh-TW': '找回密碼',
    'en-US': 'Password recovery',
    'pt-BR': 'A recuperação de senha',
  },
  'feature.sms': { 'zh-CN': '短信验证码', 'zh-TW': '簡訊驗證碼', 'en-US': 'SMS codes', 'pt-BR': 'O código por SMS' },
  'feature.twoStep': {
    'zh-CN': '两步验证',
    'zh-TW': '兩步驟驗證',
    'en-US': 'Two-step verification',
    'pt-BR': 'A verificação em duas etapas',
  },
  'password.weak': {
    'zh-CN': '密码至少8位，且须同时包含字母和数字',
    'zh-TW': '密碼至少8位，且須同時包含字母和數字',
    'en-US': 'The password needs at least 8 characters with both letters and digits',
    'pt-BR': 'A senha precisa de pelo menos 8 caracteres com letras e dígitos',
  },
  'password.wrongOld': {
    'zh-CN': '原密码错误',
    'zh-TW': '原密碼錯誤',
    'en-US': 'The current password is wrong',
    'pt-BR': 'A senha atual está incorreta',
  },
  'password.same': {
    'zh-CN': '新密码不能与原密码相同',
    'zh-TW': '新密碼不能與原密碼相同',
    'en-US': 'The new password must differ from the current one',
    'pt-BR': 'A nova senha deve ser diferente da atual',
  },
  'password.changed': {
    'zh-CN': '密码已修改，请重新登录',
    'zh-TW': '密碼已修改，請重新登入',
    'en-US': 'Password changed, please sign in again',
    'pt-BR': 'Senha alterada, entre novamente',
  },
  'user.unlocked': {
    'zh-CN': '账号已解锁',
    'zh-TW': '帳號已解鎖',
    'en-US': 'The account is unlocked',
    'pt-BR': 'A conta foi desbloqueada',
  },
  'user.loginNameTaken': {
    'zh-CN': '登录账号“{loginName}”已存在',
    'zh-TW': '登入帳號「{loginName}」已存在',
    'en-US': 'The account name "{loginName}" is already taken',
    'pt-BR': 'O nome de conta "{loginName}" já está em uso',
  },
  'entity.badSortField': {
    'zh-CN': '不能按“{field}”排序',
    'zh-TW': '不能按「{field}」排序',
    'en-US': 'Cannot sort by "{field}"',
    'pt-BR': 'Não é possível ordenar por "{field}"',
  },
  'entity.badSortOrder': {
    'zh-CN': '排序方式“{value}”无效，应为 asc 或 desc',
    'zh-TW': '排序方式「{value}」無效，應為 asc 或 desc',
    'en-US': 'Sort order "{value}" is invalid; use asc or desc',
    'pt-BR': 'A ordem "{value}" é inválida; use asc ou desc',
  },
  'entity.badPaging': {
    'zh-CN': '分页参数无效：页码从1开始，每页1至100条',
    'zh-TW': '分頁參數無效：頁碼從1開始，每頁1至100筆',
    'en-US': 'Invalid paging: pages start at 1 and hold 1 to 100 rows',
    'pt-BR': 'Paginação inválida: as páginas começam em 1 e têm de 1 a 100 linhas',
  },
  'record.stale': {
    'zh-CN': '该记录已被他人修改，请刷新后再试',
    'zh-TW': '該記錄已被他人修改，請重新整理後再試',
    'en-US': 'Someone else changed this record meanwhile; reload it and try again',
    'pt-BR': 'Outra pessoa alterou este registro; recarregue-o e tente novamente',
  },
  'record.duplicate': {
    'zh-CN': '{field}“{value}”已存在',
    'zh-TW': '{field}「{value}」已存在',
    'en-US': '{field} "{value}" already exists',
    'pt-BR': '{field} "{value}" já existe',
  },
  'entity.badDict': {
    'zh-CN': '{field}的取值“{value}”不在字典中',
    'zh-TW': '{field}的取值「{value}」不在字典中',
    'en-US': '{field}: "{value}" is not one of its choices',
    'pt-BR': '{field}: "{value}" não é uma das opções',
  },
  'entity.badRef': {
    'zh-CN': '{field}指向的记录不存在',
    'zh-TW': '{field}指向的記錄不存在',
    'en-US': '{field} points to a record that does not exist',
    'pt-BR': '{field} aponta para um registro inexistente',
  },
  'entity.badStatus': {
    'zh-CN': '不能从“{from}”改为“{to}”',
    'zh-TW': '不能從「{from}」改為「{to}」',
    'en-US': 'Cannot change from "{from}" to "{to}"',
    'pt-BR': 'Não é possível mudar de "{from}" para "{to}"',
  },
  'entity.noIds': {
    'zh-CN': '请选择要操作的记录',
    'zh-TW': '請選擇要操作的記錄',
    'en-US': 'Choose the records to act on',
    'pt-BR': 'Escolha os registros',
  },
  'dictType.inUse': {
    'zh-CN': '字典类型“{type}”下还有字典数据，不能删除',
    'zh-TW': '字典類型「{type}」下還有字典資料，不能刪除',
    'en-US': 'Dictionary type "{type}" still has entries and cannot be deleted',
    'pt-BR': 'O tipo de dicionário "{type}" ainda tem entradas e não pode ser excluído',
  },
  'config.notInteger': {
    'zh-CN': '参数“{name}”须为 {minimum} 到 {maximum} 之间的整数',
    'zh-TW': '參數「{name}」須為 {minimum} 到 {maximum} 之間的整數',
    'en-US': 'The setting "{name}" must be a whole number from {minimum} to {maximum}',
    'pt-BR': 'O parâmetro "{name}" deve ser um número inteiro de {minimum} a {maximum}',
  },
  'config.builtin': {
    'zh-CN': '内置参数“{key}”不能删除',
    'zh-TW': '內建參數「{key}」不能刪除',
    'en-US': 'Built-in setting "{key}" cannot be deleted',
    'pt-BR': 'O parâmetro nativo "{key}" não pode ser excluído',
  },
  'upload.noFile': {
    'zh-CN': '请选择要上传的文件',
    'zh-TW': '請選擇要上傳的檔案',
    'en-US': 'Choose a file to upload',
    'pt-BR': 'Escolha um arquivo para enviar',
  },
  'upload.nameTooLong': {
    'zh-CN': '文件名最多{max}个字符',
    'zh-TW': '檔案名稱最多{max}個字元',
    'en-US': 'A file name has at most {max} characters',
    'pt-BR': 'O nome do arquivo tem no máximo {max} caracteres',
  },
  'upload.tooMany': {
    'zh-CN': '最多可上传{n}个文件',
    'zh-TW': '最多可上傳{n}個檔案',
    'en-US': 'At most {n} files can be uploaded',
    'pt-BR': 'No máximo {n} arquivos podem ser enviados',
  },
  'upload.done': {
    'zh-CN': '{file} 上传成功',
    'zh-TW': '{file} 上傳成功',
    'en-US': '{file} uploaded',
    'pt-BR': '{file} enviado',
  },
  'upload.ossNotConfigured': {
    'zh-CN': '本单位未配置对象存储，请联系管理员',
    'zh-TW': '本單位未設定物件儲存，請聯絡管理員',
    'en-US': 'This organisation has no object storage configured; ask an administrator',
    'pt-BR': 'Esta organização não tem armazenamento de objetos configurado; fale com um administrador',
  },
  'file.inUse': {
    'zh-CN': '文件“{file}”正被{doc}“{name}”使用，不能删除；请先从该单据中移除此文件',
    'zh-TW': '檔案「{file}」正被{doc}「{name}」使用，不能刪除；請先從該單據中移除此檔案',
    'en-US': 'File "{file}" is attached to {doc} "{name}" and cannot be deleted; remove it from that document first',
    'pt-BR': 'O arquivo "{file}" está anexado a {doc} "{name}" e não pode ser excluído; remova-o desse documento primeiro',
  },
  'meeting.required': {
    'zh-CN': '金额达到{threshold:money}元或属于三重一大事项，请上传会议纪要或关联会议记录',
    'zh-TW': '金額達到{threshold:money}元或屬於三重一大事項，請上傳會議紀要或關聯會議記錄',
    'en-US': 'Amounts from {threshold:money} and major matters need meeting minutes: upload them or link a meeting record',
    'pt-BR': 'Valores a partir de {threshold:money} e assuntos relevantes exigem ata: envie-a ou vincule um registro de reunião',
  },
  'meeting.notAtThisStep': {
    'zh-CN': '此审批环节不上传会议纪要',
    'zh-TW': '此審批環節不上傳會議紀要',
    'en-US': 'Meeting minutes are not attached at this approval step',
    'pt-BR': 'A ata não é anexada nesta etapa da aprovação',
  },
  'import.rowErrors': {
    'zh-CN': '导入失败：{count}行有误，未写入任何数据',
    'zh-TW': '匯入失敗：{count}列有誤，未寫入任何資料',
    'en-US': 'Import failed: {count} rows are wrong; nothing was written',
    'pt-BR': 'Importação falhou: {count} linhas com erro; nada foi gravado',
  },
  'import.badFile': {
    'zh-CN': '请上传 Excel 文件（.xlsx）',
    'zh-TW': '請上傳 Excel 檔案（.xlsx）',
    'en-US': 'Please upload an Excel file (.xlsx)',
    'pt-BR': 'Envie um arquivo do Excel (.xlsx)',
  },
  'import.empty': {
    'zh-CN': '文件中没有数据行',
    'zh-TW': '檔案中沒有資料列',
    'en-US': 'The file holds no data rows',
    'pt-BR': 'O arquivo não tem linhas de dados',
  },
  'import.badHeader': {
    'zh-CN': '第一行表头有误，未写入任何数据：{detail}',
    'zh-TW': '第一列表頭有誤，未寫入任何資料：{detail}',
    'en-US': 'The header row is wrong; nothing was written: {detail}',
    'pt-BR': 'A linha de cabeçalho está errada; nada foi gravado: {detail}',
  },
  'import.unknownColumns': {
    'zh-CN': '无法识别的列{columns}',
    'zh-TW': '無法識別的欄{columns}',
    'en-US': 'unknown columns {columns}',
    'pt-BR': 'colunas desconhecidas {columns}',
  },
  'import.missingColumns': {
    'zh-CN': '缺少必填列{columns}',
    'zh-TW': '缺少必填欄{columns}',
    'en-US': 'missing required columns {columns}',
    'pt-BR': 'faltam as colunas obrigatórias {columns}',
  },
  'import.noColumns': {
    'zh-CN': '第一行表头中没有可导入的列，请使用导出文件的表头；未写入任何数据',
    'zh-TW': '第一列表頭中沒有可匯入的欄，請使用匯出檔案的表頭；未寫入任何資料',
    'en-US': 'The header row names no column that can be imported; use the headers of an exported file. Nothing was written',
    'pt-BR':
      'A linha de cabeçalho não tem nenhuma coluna importável; use os cabeçalhos de um arquivo exportado. Nada foi gravado',
  },
  'import.done': {
    'zh-CN': '已导入{count}条',
    'zh-TW': '已匯入{count}筆',
    'en-US': '{count} rows imported',
    'pt-BR': '{count} linhas importadas',
  },
  'import.linesRead': {
    'zh-CN': '已读入{count}行，保存单据后生效',
    'zh-TW': '已讀入{count}行，儲存單據後生效',
    'en-US': '{count} lines read in: they are kept when the document is saved',
    'pt-BR': '{count} linhas lidas: elas são gravadas quando o documento for salvo',
  },
  'site.unknown': {
    'zh-CN': '未找到单位“{key}”，请检查访问地址',
    'zh-TW': '未找到單位「{key}」，請檢查存取位址',
    'en-US': 'No organisation "{key}" here; check the address',
    'pt-BR': 'Nenhuma organização "{key}" aqui; verifique o endereço',
  },
  'state.notAllowed': {
    'zh-CN': '单据当前的状态不能执行“{action}”',
    'zh-TW': '單據目前的狀態不能執行「{action}」',
    'en-US': 'The document cannot be given "{action}" in its present state',
    'pt-BR': 'O documento não pode receber "{action}" no estado atual',
  },
  'state.done': {
    'zh-CN': '已{action}',
    'zh-TW': '已{action}',
    'en-US': 'Done: {action}',
    'pt-BR': 'Feito: {action}',
  },
  'state.doneMany': {
    'zh-CN': '已{action} {n} 张单据',
    'zh-TW': '已{action} {n} 張單據',
    'en-US': 'Done: {action}, {n} documents',
    'pt-BR': 'Feito: {action}, {n} documentos',
  },
  'state.batchStopped': {
    'zh-CN': '单据 {doc}：{detail}；本批未作任何处理',
    'zh-TW': '單據 {doc}：{detail}；本批未作任何處理',
    'en-US': 'Document {doc}: {detail}; nothing in the batch was done',
    'pt-BR': 'Documento {doc}: {detail}; nada do lote foi feito',
  },
  'state.everyLine': {
    'zh-CN': '请逐行填写{lines}，每行一次',
    'zh-TW': '請逐行填寫{lines}，每行一次',
    'en-US': 'Fill in every line of {lines}, each once',
    'pt-BR': 'Preencha cada linha de {lines}, uma vez cada',
  },
  'state.batchTooLarge': {
    'zh-CN': '一次最多处理 {n} 张单据',
    'zh-TW': '一次最多處理 {n} 張單據',
    'en-US': 'At most {n} documents at once',
    'pt-BR': 'No máximo {n} documentos de uma vez',
  },
  'record.notFound': {
    'zh-CN': '记录不存在或无权访问',
    'zh-TW': '記錄不存在或無權存取',
    'en-US': 'The record does not exist or is not yours to see',
    'pt-BR': 'O registro não existe ou não está acessível para você',
  },
  'request.invalid': {
    'zh-CN': '参数错误：{detail}',
    'zh-TW': '參數錯誤：{detail}',
    'en-US': 'Invalid request: {detail}',
    'pt-BR': 'Requisição inválida: {detail}',
  },
  'request.badJson': {
    'zh-CN': '请求内容不是有效的 JSON',
    'zh-TW': '請求內容不是有效的 JSON',
    'en-US': 'The request body is not valid JSON',
    'pt-BR': 'O corpo da requisição não é um JSON válido',
  },
  'request.tooDeep': {
    'zh-CN': '参数错误：请求内容嵌套超过{max}层',
    'zh-TW': '參數錯誤：請求內容巢狀超過{max}層',
    'en-US': 'Invalid request: the body is nested more than {max} levels deep',
    'pt-BR': 'Requisição inválida: o corpo tem mais de {max} níveis de aninhamento',
  },
  'request.tooLarge': {
    'zh-CN': '请求内容过大（上限 {limit}）',
    'zh-TW': '請求內容過大（上限 {limit}）',
    'en-US': 'The request is too large (limit {limit})',
    'pt-BR': 'A requisição é grande demais (limite {limit})',
  },
  'request.unsupportedType': {
    'zh-CN': '不支持的内容类型：{type}',
    'zh-TW': '不支援的內容類型：{type}',
    'en-US': 'Unsupported content type: {type}',
    'pt-BR': 'Tipo de conteúdo não suportado: {type}',
  },
  'request.notFound': {
    'zh-CN': '接口不存在：{method} {url}',
    'zh-TW': '介面不存在：{method} {url}',
    'en-US': 'No such endpoint: {method} {url}',
    'pt-BR': 'Endpoint inexistente: {method} {url}',
  },
  'server.error': {
    'zh-CN': '系统错误，请稍后再试',
    'zh-TW': '系統錯誤，請稍後再試',
    'en-US': 'System error, please try again later',
    'pt-BR': 'Erro do sistema, tente novamente mais tarde',
  },
  // notices
  'notice.notDraft': {
    'zh-CN': '只有草稿状态的通知可以修改、发送或删除',
    'zh-TW': '只有草稿狀態的通知可以修改、發送或刪除',
    'en-US': 'Only a draft notice can be edited, sent or deleted',
    'pt-BR': 'Só um aviso em rascunho pode ser editado, enviado ou excluído',
  },
  'notice.notSent': {
    'zh-CN': '只有已发送的通知可以撤销',
    'zh-TW': '只有已發送的通知可以撤銷',
    'en-US': 'Only a sent notice can be cancelled',
    'pt-BR': 'Só um aviso enviado pode ser cancelado',
  },
  'notice.noRecipients': {
    'zh-CN': '发送范围内没有用户',
    'zh-TW': '發送範圍內沒有使用者',
    'en-US': 'There is no user in the chosen range',
    'pt-BR': 'Não há usuários no alcance escolhido',
  },
  'notice.deptRequired': {
    'zh-CN': '至少选择一个部门',
    'zh-TW': '至少選擇一個部門',
    'en-US': 'Choose at least one department',
    'pt-BR': 'Escolha pelo menos um departamento',
  },
  'notice.roleRequired': {
    'zh-CN': '至少选择一个角色',
    'zh-TW': '至少選擇一個角色',
    'en-US': 'Choose at least one role',
    'pt-BR': 'Escolha pelo menos um perfil',
  },
  'notice.userRequired': {
    'zh-CN': '至少选择一个用户',
    'zh-TW': '至少選擇一個使用者',
    'en-US': 'Choose at least one user',
    'pt-BR': 'Escolha pelo menos um usuário',
  },
  'notice.sent': {
    'zh-CN': '已发送给 {n} 人',
    'zh-TW': '已發送給 {n} 人',
    'en-US': 'Sent to {n} people',
    'pt-BR': 'Enviado a {n} pessoas',
  },
  'notice.cancelled': {
    'zh-CN': '已撤销，收回 {n} 条未读消息',
    'zh-TW': '已撤銷，收回 {n} 則未讀訊息',
    'en-US': 'Cancelled; {n} unread copies withdrawn',
    'pt-BR': 'Cancelado; {n} cópias não lidas retiradas',
  },
  // system administration
  'admin.superUser': {
    'zh-CN': '超级管理员（用户 1）只能由其本人修改',
    'zh-TW': '超級管理員（使用者 1）只能由其本人修改',
    'en-US': 'The super administrator (user 1) can only be changed by themselves',
    'pt-BR': 'O superadministrador (usuário 1) só pode ser alterado por ele mesmo',
  },
  'admin.self': {
    'zh-CN': '不能删除或停用自己的账号',
    'zh-TW': '不能刪除或停用自己的帳號',
    'en-US': 'You cannot delete or disable your own account',
    'pt-BR': 'Você não pode excluir ou desativar sua própria conta',
  },
  'admin.grantBeyond': {
    'zh-CN': '不能授予自己没有的权限：{what}',
    'zh-TW': '不能授予自己沒有的權限：{what}',
    'en-US': 'You cannot grant what you do not hold yourself: {what}',
    'pt-BR': 'Você não pode conceder o que não possui: {what}',
  },
  'admin.adminRole': {
    'zh-CN': '管理员角色只能由管理员修改或分配',
    'zh-TW': '管理員角色只能由管理員修改或分配',
    'en-US': 'Only an administrator can change or assign the administrator role',
    'pt-BR': 'Só um administrador pode alterar ou atribuir o perfil de administrador',
  },
  'admin.userBeyond': {
    'zh-CN': '不能管理权限比自己多的用户',
    'zh-TW': '不能管理權限比自己多的使用者',
    'en-US': 'You cannot manage a user who holds more than you do',
    'pt-BR': 'Você não pode gerenciar um usuário com mais permissões que você',
  },
  'role.scopeAll': {
    'zh-CN': '全部数据权限',
    'zh-TW': '全部資料權限',
    'en-US': 'access to all data',
    'pt-BR': 'acesso a todos os dados',
  },
  'role.inUse': {
    'zh-CN': '角色“{name}”已分配给 {n} 个用户，不能删除',
    'zh-TW': '角色「{name}」已分配給 {n} 個使用者，不能刪除',
    'en-US': 'The role "{name}" is held by {n} users and cannot be deleted',
    'pt-BR': 'O perfil "{name}" pertence a {n} usuários e não pode ser excluído',
  },
  'dept.hasChildren': {
    'zh-CN': '部门“{name}”存在下级部门，不能删除',
    'zh-TW': '部門「{name}」存在下級部門，不能刪除',
    'en-US': 'The department "{name}" has sub-departments and cannot be deleted',
    'pt-BR': 'O departamento "{name}" tem subdepartamentos e não pode ser excluído',
  },
  'dept.hasUsers': {
    'zh-CN': '部门“{name}”下还有 {n} 个用户，不能删除',
    'zh-TW': '部門「{name}」下還有 {n} 個使用者，不能刪除',
    'en-US': 'The department "{name}" still has {n} users and cannot be deleted',
    'pt-BR': 'O departamento "{name}" ainda tem {n} usuários e não pode ser excluído',
  },
  'dept.top': {
    'zh-CN': '顶级部门不能删除，也不能移动到其他部门下',
    'zh-TW': '頂級部門不能刪除，也不能移動到其他部門下',
    'en-US': 'The top department cannot be deleted or moved under another one',
    'pt-BR': 'O departamento principal não pode ser excluído nem movido para outro',
  },
  'tree.cycle': {
    'zh-CN': '上级不能是自己或自己的下级',
    'zh-TW': '上級不能是自己或自己的下級',
    'en-US': 'The parent cannot be the item itself or one of its descendants',
    'pt-BR': 'O pai não pode ser o próprio item nem um de seus descendentes',
  },
  'tree.parentMissing': {
    'zh-CN': '{field}“{value}”不存在',
    'zh-TW': '{field}「{value}」不存在',
    'en-US': '{field} "{value}" does not exist',
    'pt-BR': '{field} "{value}" não existe',
  },
  'district.hasChildren': {
    'zh-CN': '区划“{name}”下还有下级区划，不能删除',
    'zh-TW': '區劃「{name}」下還有下級區劃，不能刪除',
    'en-US': 'The district "{name}" has districts under it and cannot be deleted',
    'pt-BR': 'A divisão "{name}" tem divisões abaixo dela e não pode ser excluída',
  },
  'menu.hasChildren': {
    'zh-CN': '菜单“{name}”存在子菜单，不能删除',
    'zh-TW': '選單「{name}」存在子選單，不能刪除',
    'en-US': 'The menu "{name}" has children and cannot be deleted',
    'pt-BR': 'O menu "{name}" tem filhos e não pode ser excluído',
  },
  'user.passwordReset': {
    'zh-CN': '密码已重置，用户下次登录须修改密码',
    'zh-TW': '密碼已重設，使用者下次登入須修改密碼',
    'en-US': 'Password reset; the user must change it at the next sign-in',
    'pt-BR': 'Senha redefinida; o usuário deve alterá-la no próximo acesso',
  },
  'user.passwordResetOnce': {
    'zh-CN': '密码已重置为一次性密码，仅显示这一次；用户登录后须修改密码',
    'zh-TW': '密碼已重設為一次性密碼，僅顯示這一次；使用者登入後須修改密碼',
    'en-US': 'Password reset to a one-time password, shown only this once; the user must change it at sign-in',
    'pt-BR': 'Senha redefinida para uma senha de uso único, mostrada só desta vez; o usuário deve alterá-la ao entrar',
  },
  'user.savedOnce': {
    'zh-CN': '保存成功。账号的一次性密码仅显示这一次，用户登录后须修改密码',
    'zh-TW': '儲存成功。帳號的一次性密碼僅顯示這一次，使用者登入後須修改密碼',
    'en-US': 'Saved. The account’s one-time password is shown only this once; the user must change it at sign-in',
    'pt-BR': 'Salvo. A senha de uso único da conta é mostrada só desta vez; o usuário deve alterá-la ao entrar',
  },
  'oss.saved': {
    'zh-CN': '存储设置已保存',
    'zh-TW': '儲存設定已儲存',
    'en-US': 'Storage settings saved',
    'pt-BR': 'Configurações de armazenamento salvas',
  },
  // file storage
  'oss.s3Needs': {
    'zh-CN': 'S3 兼容存储须填写{field}',
    'zh-TW': 'S3 相容儲存須填寫{field}',
    'en-US': 'S3-compatible storage needs {field}',
    'pt-BR': 'O armazenamento compatível com S3 precisa de {field}',
  },
  'oss.badEndpoint': {
    'zh-CN': '{field}须以 http:// 或 https:// 开头',
    'zh-TW': '{field}須以 http:// 或 https:// 開頭',
    'en-US': '{field} must start with http:// or https://',
    'pt-BR': '{field} deve começar com http:// ou https://',
  },
  'oss.masterNotRemovable': {
    'zh-CN': '主配置不能删除，请先把另一个配置设为主配置',
    'zh-TW': '主要設定不能刪除，請先把另一個設定設為主要設定',
    'en-US': 'The master configuration cannot be removed; make another one the master first',
    'pt-BR': 'A configuração principal não pode ser removida; torne outra a principal primeiro',
  },
  'oss.defaultName': {
    'zh-CN': '默认存储',
    'zh-TW': '預設儲存',
    'en-US': 'Default storage',
    'pt-BR': 'Armazenamento padrão',
  },
  'upload.ossFailed': {
    'zh-CN': '对象存储暂时无法使用，请稍后重试或联系管理员',
    'zh-TW': '物件儲存暫時無法使用，請稍後重試或聯絡管理員',
    'en-US': 'Object storage is not available right now; try again later or ask an administrator',
    'pt-BR': 'O armazenamento de objetos não está disponível agora; tente mais tarde ou fale com um administrador',
  },
  // workflow
  'workflow.badXml': {
    'zh-CN': '模型不是有效的 BPMN 2.0 文件',
    'zh-TW': '模型不是有效的 BPMN 2.0 檔案',
    'en-US': 'The model is not a valid BPMN 2.0 file',
    'pt-BR': 'O modelo não é um arquivo BPMN 2.0 válido',
  },
  'workflow.noProcess': {
    'zh-CN': '模型必须恰好包含一个流程',
    'zh-TW': '模型必須恰好包含一個流程',
    'en-US': 'The model must hold exactly one process',
    'pt-BR': 'O modelo deve ter exatamente um processo',
  },
  'workflow.noStart': {
    'zh-CN': '缺少开始事件',
    'zh-TW': '缺少開始事件',
    'en-US': 'There is no start event',
    'pt-BR': 'Não há evento de início',
  },
  'workflow.noEnd': {
    'zh-CN': '缺少结束事件',
    'zh-TW': '缺少結束事件',
    'en-US': 'There is no end event',
    'pt-BR': 'Não há evento de fim',
  },
  'workflow.taskUnnamed': {
    'zh-CN': '审批节点没有名称',
    'zh-TW': '審批節點沒有名稱',
    'en-US': 'An approval step has no name',
    'pt-BR': 'Uma etapa de aprovação não tem nome',
  },
  'workflow.noCandidate': {
    'zh-CN': '审批节点没有设置审批人',
    'zh-TW': '審批節點沒有設定審批人',
    'en-US': 'An approval step has no approver rule',
    'pt-BR': 'Uma etapa de aprovação não tem regra de aprovador',
  },
  'workflow.badCondition': {
    'zh-CN': '条件表达式无效（只能使用系统表达式，不能使用脚本）',
    'zh-TW': '條件運算式無效（只能使用系統運算式，不能使用腳本）',
    'en-US': 'The condition is not a valid expression (scripts are not allowed)',
    'pt-BR': 'A condição não é uma expressão válida (scripts não são permitidos)',
  },
  'workflow.unreachable': {
    'zh-CN': '从开始事件无法到达',
    'zh-TW': '從開始事件無法到達',
    'en-US': 'It cannot be reached from the start',
    'pt-BR': 'Não pode ser alcançado a partir do início',
  },
  'workflow.deadEnd': {
    'zh-CN': '无法到达结束事件',
    'zh-TW': '無法到達結束事件',
    'en-US': 'It never reaches an end',
    'pt-BR': 'Nunca chega a um fim',
  },
  'workflow.unsupported': {
    'zh-CN': '不支持的流程元素',
    'zh-TW': '不支援的流程元素',
    'en-US': 'This kind of element is not supported',
    'pt-BR': 'Este tipo de elemento não é suportado',
  },
  'workflow.badKey': {
    'zh-CN': '流程标识只能包含字母、数字、下划线和连字符，且以字母开头',
    'zh-TW': '流程標識只能包含字母、數字、底線和連字號，且以字母開頭',
    'en-US': 'The process key must start with a letter and hold letters, digits, _ or - only',
    'pt-BR': 'A chave do processo deve começar com letra e ter só letras, dígitos, _ ou -',
  },
  'workflow.deployRefused': {
    'zh-CN': '模型不能部署：{detail}',
    'zh-TW': '模型不能部署：{detail}',
    'en-US': 'The model cannot be deployed: {detail}',
    'pt-BR': 'O modelo não pode ser implantado: {detail}',
  },
  'workflow.keyMismatch': {
    'zh-CN': '流程标识“{key}”与模型标识“{model}”不一致',
    'zh-TW': '流程標識「{key}」與模型標識「{model}」不一致',
    'en-US': 'The process key "{key}" differs from the model key "{model}"',
    'pt-BR': 'A chave do processo "{key}" difere da chave do modelo "{model}"',
  },
  'workflow.alreadySubmitted': {
    'zh-CN': '单据已提交审批或已审批通过',
    'zh-TW': '單據已提交審批或已審批通過',
    'en-US': 'The document is already in approval or approved',
    'pt-BR': 'O documento já está em aprovação ou aprovado',
  },
  'workflow.noDefinition': {
    'zh-CN': '流程“{key}”尚未部署',
    'zh-TW': '流程「{key}」尚未部署',
    'en-US': 'The process "{key}" is not deployed',
    'pt-BR': 'O processo "{key}" não está implantado',
  },
  'workflow.suspended': {
    'zh-CN': '流程“{key}”已挂起，暂不能提交',
    'zh-TW': '流程「{key}」已暫停，暫不能提交',
    'en-US': 'The process "{key}" is suspended',
    'pt-BR': 'O processo "{key}" está suspenso',
  },
  'workflow.taskDone': {
    'zh-CN': '该审批任务已被处理',
    'zh-TW': '該審批任務已被處理',
    'en-US': 'This task has already been handled',
    'pt-BR': 'Esta tarefa já foi tratada',
  },
  'workflow.notCandidate': {
    'zh-CN': '您不是该审批任务的审批人',
    'zh-TW': '您不是該審批任務的審批人',
    'en-US': 'You are not an approver of this task',
    'pt-BR': 'Você não é aprovador desta tarefa',
  },
  'workflow.badTransfer': {
    'zh-CN': '转办对象不存在或已停用',
    'zh-TW': '轉辦對象不存在或已停用',
    'en-US': 'The person to transfer to does not exist or is disabled',
    'pt-BR': 'A pessoa de destino não existe ou está desativada',
  },
  'workflow.notRunning': {
    'zh-CN': '单据不在审批中',
    'zh-TW': '單據不在審批中',
    'en-US': 'The document is not in approval',
    'pt-BR': 'O documento não está em aprovação',
  },
  'workflow.notStarter': {
    'zh-CN': '只有申请人可以撤回',
    'zh-TW': '只有申請人可以撤回',
    'en-US': 'Only the applicant can withdraw it',
    'pt-BR': 'Só o solicitante pode retirá-lo',
  },
  'workflow.alreadyApproved': {
    'zh-CN': '已有审批人同意，不能撤回',
    'zh-TW': '已有審批人同意，不能撤回',
    'en-US': 'Someone has already approved it; it cannot be withdrawn',
    'pt-BR': 'Alguém já aprovou; não pode ser retirado',
  },
  'workflow.submitted': { 'zh-CN': '提交申请', 'zh-TW': '提交申請', 'en-US': 'Submitted', 'pt-BR': 'Enviado' },
  'workflow.withdrawn': { 'zh-CN': '撤回申请', 'zh-TW': '撤回申請', 'en-US': 'Withdrawn', 'pt-BR': 'Retirado' },
  'workflow.cancelled': { 'zh-CN': '终止流程', 'zh-TW': '終止流程', 'en-US': 'Cancelled', 'pt-BR': 'Cancelado' },
  'workflow.deployed': {
    'zh-CN': '已部署为第 {version} 版',
    'zh-TW': '已部署為第 {version} 版',
    'en-US': 'Deployed as version {version}',
    'pt-BR': 'Implantado como versão {version}',
  },
  'workflow.done': { 'zh-CN': '已处理', 'zh-TW': '已處理', 'en-US': 'Done', 'pt-BR': 'Concluído' },
  'workflow.inUse': {
    'zh-CN': '该流程版本已有审批实例，不能删除',
    'zh-TW': '該流程版本已有審批實例，不能刪除',
    'en-US': 'This version has instances and cannot be deleted',
    'pt-BR': 'Esta versão tem instâncias e não pode ser excluída',
  },
  'workflow.notApprovable': {
    'zh-CN': '“{entity}”不是需要审批的单据类型',
    'zh-TW': '「{entity}」不是需要審批的單據類型',
    'en-US': '"{entity}" is not a document type that goes through approval',
    'pt-BR': '"{entity}" não é um tipo de documento com aprovação',
  },
  'workflow.commentRequired': {
    'zh-CN': '请输入评论内容',
    'zh-TW': '請輸入評論內容',
    'en-US': 'Please write the comment',
    'pt-BR': 'Escreva o comentário',
  },
  'workflow.rejectReason': {
    'zh-CN': '驳回时请填写审批意见',
    'zh-TW': '駁回時請填寫審批意見',
    'en-US': 'Please give a reason for rejecting',
    'pt-BR': 'Informe o motivo da rejeição',
  },
  'workflow.locked': {
    'zh-CN': '单据在审批中或已通过，不能修改或删除',
    'zh-TW': '單據在審批中或已通過，不能修改或刪除',
    'en-US': 'The document is in approval or approved; it cannot be changed or deleted',
    'pt-BR': 'O documento está em aprovação ou aprovado; não pode ser alterado nem excluído',
  },
  'server.busy': {
    'zh-CN': '系统繁忙，请稍后再试',
    'zh-TW': '系統繁忙，請稍後再試',
    'en-US': 'The system is busy, please try again shortly',
    'pt-BR': 'O sistema está ocupado, tente novamente em instantes',
  },
  // code generation
  'codegen.oneSource': {
    'zh-CN': '请选择一张数据表或填写一条示例 JSON 记录（二选一）',
    'zh-TW': '請選擇一張資料表或填寫一筆範例 JSON 記錄（二擇一）',
    'en-US': 'Give either a database table or a sample JSON record, not both',
    'pt-BR': 'Informe uma tabela do banco de dados ou um registro JSON de exemplo, não os dois',
  },
  'codegen.unknownTable': {
    'zh-CN': '数据表“{table}”不存在、已有实体或为系统表，不能用于生成',
    'zh-TW': '資料表「{table}」不存在、已有實體或為系統表，不能用於產生',
    'en-US': 'Table "{table}" cannot be used: it does not exist, already has an entity, or is a system table',
    'pt-BR': 'A tabela "{table}" não pode ser usada: não existe, já tem uma entidade ou é uma tabela do sistema',
  },
  'codegen.badSample': {
    'zh-CN': '示例记录应为包含 1 至 {max} 个字段的 JSON 对象',
    'zh-TW': '範例記錄應為包含 1 至 {max} 個欄位的 JSON 物件',
    'en-US': 'The sample record must be a JSON object with 1 to {max} keys',
    'pt-BR': 'O registro de exemplo deve ser um objeto JSON com 1 a {max} chaves',
  },
  'codegen.noFields': {
    'zh-CN': '没有可生成的字段：除标准字段外，没有可用的列或值',
    'zh-TW': '沒有可產生的欄位：除標準欄位外，沒有可用的欄或值',
    'en-US': 'Nothing to generate: there are no usable columns or values besides the standard ones',
    'pt-BR': 'Nada a gerar: não há colunas ou valores utilizáveis além dos padrão',
  },
  'codegen.badApi': {
    'zh-CN': '接口路径“{api}”无效：只能包含字母和 /，如 /area/name，请手动填写',
    'zh-TW': '介面路徑「{api}」無效：只能包含字母和 /，如 /area/name，請手動填寫',
    'en-US': 'API path "{api}" is not valid: letters and / only, such as /area/name; enter one yourself',
    'pt-BR': 'O caminho de API "{api}" não é válido: só letras e /, como /area/name; informe um você mesmo',
  },
  'codegen.badPermission': {
    'zh-CN': '权限前缀“{permission}”无效：只能包含字母，形如 area:name，请手动填写',
    'zh-TW': '權限前綴「{permission}」無效：只能包含字母，形如 area:name，請手動填寫',
    'en-US': 'Permission prefix "{permission}" is not valid: letters only, such as area:name; enter one yourself',
    'pt-BR': 'O prefixo de permissão "{permission}" não é válido: só letras, como area:name; informe um você mesmo',
  },
  'codegen.entityExists': {
    'zh-CN': '实体“{name}”已存在，请换一个名称',
    'zh-TW': '實體「{name}」已存在，請換一個名稱',
    'en-US': 'An entity named "{name}" already exists; choose another name',
    'pt-BR': 'Já existe uma entidade chamada "{name}"; escolha outro nome',
  },
  'codegen.apiExists': {
    'zh-CN': '接口路径“{api}”已被实体“{entity}”使用',
    'zh-TW': '介面路徑「{api}」已被實體「{entity}」使用',
    'en-US': 'API path "{api}" is already used by the entity "{entity}"',
    'pt-BR': 'O caminho de API "{api}" já é usado pela entidade "{entity}"',
  },
} satisfies Record<string, Localized>;

export type MessageKey = keyof typeof messages;

export function t(key: MessageKey, locale: Locale, params?: Record<string, string | number>): string {
  return format(messages[key][locale], params, locale);
}
