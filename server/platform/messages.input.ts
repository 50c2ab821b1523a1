// Messages of request parameters the handlers read themselves (list filters, ids in a query):
// the same sentences ajv's errors give a field of a declared schema (validators/messages.ts),
// under 'request.invalid''s "Invalid request:" (docs/decisions.md "Input hardening").
import type { Localized } from '../../validators/locale.ts';

export const inputMessages = {
  'request.badValue': {
    'zh-CN': '参数错误：{field}格式不正确',
    'zh-TW': '參數錯誤：{field}格式不正確',
    'en-US': 'Invalid request: {field} has an invalid format',
    'pt-BR': 'Requisição inválida: {field} tem um formato inválido',
  },
  'request.docTypeFirst': {
    'zh-CN': '参数错误：按单号查找（{field}）须先选择单据类型',
    'zh-TW': '參數錯誤：按單號查找（{field}）須先選擇單據類型',
    'en-US': 'Invalid request: choose the document type before searching by its number ({field})',
    'pt-BR': 'Requisição inválida: escolha o tipo de documento antes de buscar pelo número ({field})',
  },
  'request.outOfRange': {
    'zh-CN': '参数错误：{field}超出允许范围',
    'zh-TW': '參數錯誤：{field}超出允許範圍',
    'en-US': 'Invalid request: {field} is out of range',
    'pt-BR': 'Requisição inválida: {field} está fora do intervalo permitido',
  },
  'request.unstorable': {
    'zh-CN': '参数错误：{field}含有无法保存的字符（空字符或不成对的代理项）',
    'zh-TW': '參數錯誤：{field}含有無法儲存的字元（空字元或不成對的代理項）',
    'en-US': 'Invalid request: {field} contains a character that cannot be stored (NUL or a lone surrogate)',
    'pt-BR': 'Requisição inválida: {field} contém um caractere que não pode ser armazenado (NUL ou um substituto isolado)',
  },
} satisfies Record<string, Localized>;
