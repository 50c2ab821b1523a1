// Messages of the account pages (issue 18): the caller's own profile, avatar, sessions and preferences.
import type { Localized } from '../../validators/locale.ts';

export const accountMessages = {
  'account.saved': {
    'zh-CN': '个人信息已保存',
    'zh-TW': '個人資訊已儲存',
    'en-US': 'Your details are saved',
    'pt-BR': 'Seus dados foram salvos',
  },
  'account.nickNameBlank': {
    'zh-CN': '昵称不能为空',
    'zh-TW': '暱稱不能為空',
    'en-US': 'The nick name cannot be empty',
    'pt-BR': 'O apelido não pode ficar vazio',
  },
  'account.avatarType': {
    'zh-CN': '头像只能是 PNG、JPEG、GIF 或 WebP 图片',
    'zh-TW': '頭像只能是 PNG、JPEG、GIF 或 WebP 圖片',
    'en-US': 'An avatar must be a PNG, JPEG, GIF or WebP image',
    'pt-BR': 'O avatar deve ser uma imagem PNG, JPEG, GIF ou WebP',
  },
  'account.avatarSize': {
    'zh-CN': '头像图片不能超过 {max}',
    'zh-TW': '頭像圖片不能超過 {max}',
    'en-US': 'An avatar image may be at most {max}',
    'pt-BR': 'A imagem do avatar pode ter no máximo {max}',
  },
  'account.avatarSaved': {
    'zh-CN': '头像已更新',
    'zh-TW': '頭像已更新',
    'en-US': 'Your avatar is updated',
    'pt-BR': 'Seu avatar foi atualizado',
  },
  'account.sessionCurrent': {
    'zh-CN': '这是当前正在使用的会话，请从右上角的用户菜单退出登录',
    'zh-TW': '這是目前正在使用的工作階段，請從右上角的使用者選單登出',
    'en-US': 'This is the session you are using: sign out from the user menu instead',
    'pt-BR': 'Esta é a sessão que você está usando: saia pelo menu do usuário',
  },
  'account.sessionEnded': {
    'zh-CN': '该会话已退出登录',
    'zh-TW': '該工作階段已登出',
    'en-US': 'That session is signed out',
    'pt-BR': 'Essa sessão foi encerrada',
  },
  'account.sessionsEnded': {
    'zh-CN': '已退出其他 {count} 个会话',
    'zh-TW': '已登出其他 {count} 個工作階段',
    'en-US': '{count} other sessions signed out',
    'pt-BR': '{count} outras sessões encerradas',
  },
  'account.preferencesSaved': {
    'zh-CN': '偏好设置已保存',
    'zh-TW': '偏好設定已儲存',
    'en-US': 'Your preferences are saved',
    'pt-BR': 'Suas preferências foram salvas',
  },
} satisfies Record<string, Localized>;
