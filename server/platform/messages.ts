// Every message the server sends back, in the four interface languages. A response's `msg` is
// picked here by the request's Accept-Language; nothing else in the server writes user text.
import { format, type Locale, type Localized } from '../../validators/locale.ts';

export const messages = {
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
  'meeting.required': {
    'zh-CN': '金额达到{threshold}元或属于三重一大事项，请上传会议纪要或关联会议记录',
    'zh-TW': '金額達到{threshold}元或屬於三重一大事項，請上傳會議紀要或關聯會議記錄',
    'en-US': 'Amounts from {threshold} and major matters need meeting minutes: upload them or link a meeting record',
    'pt-BR': 'Valores a partir de {threshold} e assuntos relevantes exigem ata: envie-a ou vincule um registro de reunião',
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
  'import.done': {
    'zh-CN': '已导入{count}条',
    'zh-TW': '已匯入{count}筆',
    'en-US': '{count} rows imported',
    'pt-BR': '{count} linhas importadas',
  },
  'site.unknown': {
    'zh-CN': '未找到单位“{key}”，请检查访问地址',
    'zh-TW': '未找到單位「{key}」，請檢查存取位址',
    'en-US': 'No organisation "{key}" here; check the address',
    'pt-BR': 'Nenhuma organização "{key}" aqui; verifique o endereço',
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
  'server.busy': {
    'zh-CN': '系统繁忙，请稍后再试',
    'zh-TW': '系統繁忙，請稍後再試',
    'en-US': 'The system is busy, please try again shortly',
    'pt-BR': 'O sistema está ocupado, tente novamente em instantes',
  },
} satisfies Record<string, Localized>;

export type MessageKey = keyof typeof messages;

export function t(key: MessageKey, locale: Locale, params?: Record<string, string | number>): string {
  return format(messages[key][locale], params);
}
