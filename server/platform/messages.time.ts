// Messages of the site's clock (DOMAIN.md "Time").
import type { Localized } from '../../validators/locale.ts';

export const timeMessages = {
  'config.badTimeZone': {
    'zh-CN': '时区“{value}”无法识别：请填写 IANA 时区名称，如 Asia/Shanghai',
    'zh-TW': '時區「{value}」無法識別：請填寫 IANA 時區名稱，如 Asia/Shanghai',
    'en-US': 'The time zone "{value}" is not known: give an IANA name such as Asia/Shanghai',
    'pt-BR': 'O fuso horário "{value}" não é conhecido: informe um nome IANA como Asia/Shanghai',
  },
} satisfies Record<string, Localized>;
