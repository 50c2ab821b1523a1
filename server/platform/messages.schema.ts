// Messages of schema health (issue 35): an area whose definition is broken is out of service.
import type { Localized } from '../../validators/locale.ts';

export const schemaMessages = {
  'schema.areaBroken': {
    'zh-CN': '“{area}”的定义文件有误（{file}），该功能暂停服务，请管理员修正后再试',
    'zh-TW': '「{area}」的定義檔案有誤（{file}），該功能暫停服務，請管理員修正後再試',
    'en-US': 'The definition of "{area}" is broken ({file}); this area is out of service until an administrator fixes it',
    'pt-BR': 'A definição de "{area}" está com erro ({file}); esta área está fora de serviço até que um administrador a corrija',
  },
} satisfies Record<string, Localized>;
