// Validation messages shared by the browser forms and the server: what a user reads when a
// field is wrong. {field} is the field's label (or its name on the wire), other {x} the limits.
import { format, type Locale, type Localized } from './locale.ts';

export const validationMessages = {
  required: {
    'zh-CN': '{field}不能为空',
    'zh-TW': '{field}不能為空',
    'en-US': '{field} is required',
    'pt-BR': '{field} é obrigatório',
  },
  type: {
    'zh-CN': '{field}应为{type}',
    'zh-TW': '{field}應為{type}',
    'en-US': '{field} must be {type}',
    'pt-BR': '{field} deve ser {type}',
  },
  maxLength: {
    'zh-CN': '{field}请控制在{limit}个字符以内',
    'zh-TW': '{field}請控制在{limit}個字元以內',
    'en-US': '{field} must be at most {limit} characters',
    'pt-BR': '{field} deve ter no máximo {limit} caracteres',
  },
  minLength: {
    'zh-CN': '{field}至少{limit}个字符',
    'zh-TW': '{field}至少{limit}個字元',
    'en-US': '{field} must be at least {limit} characters',
    'pt-BR': '{field} deve ter pelo menos {limit} caracteres',
  },
  maximum: {
    'zh-CN': '{field}不能大于{limit}',
    'zh-TW': '{field}不能大於{limit}',
    'en-US': '{field} must be at most {limit}',
    'pt-BR': '{field} deve ser no máximo {limit}',
  },
  minimum: {
    'zh-CN': '{field}不能小于{limit}',
    'zh-TW': '{field}不能小於{limit}',
    'en-US': '{field} must be at least {limit}',
    'pt-BR': '{field} deve ser no mínimo {limit}',
  },
  pattern: {
    'zh-CN': '{field}格式不正确',
    'zh-TW': '{field}格式不正確',
    'en-US': '{field} has an invalid format',
    'pt-BR': '{field} tem um formato inválido',
  },
  enum: {
    'zh-CN': '{field}的取值不在允许范围内',
    'zh-TW': '{field}的取值不在允許範圍內',
    'en-US': '{field} is not one of the allowed values',
    'pt-BR': '{field} não é um dos valores permitidos',
  },
  maxItems: {
    'zh-CN': '{field}最多{limit}项',
    'zh-TW': '{field}最多{limit}項',
    'en-US': '{field} may hold at most {limit} items',
    'pt-BR': '{field} pode ter no máximo {limit} itens',
  },
  minItems: {
    'zh-CN': '{field}至少{limit}项',
    'zh-TW': '{field}至少{limit}項',
    'en-US': '{field} needs at least {limit} items',
    'pt-BR': '{field} precisa de pelo menos {limit} itens',
  },
  decimals: {
    'zh-CN': '{field}的小数位数过多（最多{limit}位）',
    'zh-TW': '{field}的小數位數過多（最多{limit}位）',
    'en-US': '{field} has too many decimal places (at most {limit})',
    'pt-BR': '{field} tem casas decimais demais (no máximo {limit})',
  },
  unstorable: {
    'zh-CN': '{field}含有无法保存的字符（空字符或不成对的代理项）',
    'zh-TW': '{field}含有無法儲存的字元（空字元或不成對的代理項）',
    'en-US': '{field} contains a character that cannot be stored (NUL or a lone surrogate)',
    'pt-BR': '{field} contém um caractere que não pode ser armazenado (NUL ou um substituto isolado)',
  },
  uscc: {
    'zh-CN': '{field}不正确：统一社会信用代码为 18 位数字或大写字母（不含 I、O、S、V、Z），末位校验码须符合 GB 32100-2015',
    'zh-TW': '{field}不正確：統一社會信用代碼為 18 位數字或大寫字母（不含 I、O、S、V、Z），末位校驗碼須符合 GB 32100-2015',
    'en-US':
      '{field} is wrong: a unified social credit code is 18 digits or capital letters (no I, O, S, V, Z) ending in the check character of GB 32100-2015',
    'pt-BR':
      '{field} está incorreto: o código unificado de crédito social tem 18 dígitos ou letras maiúsculas (sem I, O, S, V, Z) e termina no caractere de verificação da GB 32100-2015',
  },
  invalid: {
    'zh-CN': '{field}无效',
    'zh-TW': '{field}無效',
    'en-US': '{field} is invalid',
    'pt-BR': '{field} é inválido',
  },
  body: {
    'zh-CN': '请求内容',
    'zh-TW': '請求內容',
    'en-US': 'request body',
    'pt-BR': 'corpo da requisição',
  },
} satisfies Record<string, Localized>;

export const typeNames = {
  string: { 'zh-CN': '文本', 'zh-TW': '文字', 'en-US': 'text', 'pt-BR': 'texto' },
  integer: { 'zh-CN': '整数', 'zh-TW': '整數', 'en-US': 'a whole number', 'pt-BR': 'um número inteiro' },
  number: { 'zh-CN': '数字', 'zh-TW': '數字', 'en-US': 'a number', 'pt-BR': 'um número' },
  boolean: { 'zh-CN': '是或否', 'zh-TW': '是或否', 'en-US': 'true or false', 'pt-BR': 'verdadeiro ou falso' },
  array: { 'zh-CN': '列表', 'zh-TW': '列表', 'en-US': 'a list', 'pt-BR': 'uma lista' },
  object: { 'zh-CN': '对象', 'zh-TW': '物件', 'en-US': 'an object', 'pt-BR': 'um objeto' },
} satisfies Record<string, Localized>;

export type ValidationKey = keyof typeof validationMessages;

export function validationMessage(key: ValidationKey, locale: Locale, params: Record<string, string | number>) {
  return format(validationMessages[key][locale], params);
}
