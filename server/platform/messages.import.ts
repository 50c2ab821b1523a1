// Messages of the import limits and of cells that would lose digits (issue 13) or hold no value to take
// (a formula without its result, an error: issue 31); server/platform/xlsx-guard.ts.
import type { Localized } from '../../validators/locale.ts';

export const importMessages = {
  'import.tooManyEntries': {
    'zh-CN': '文件包含 {count} 个压缩条目，超过上限 {limit} 个，未导入任何数据',
    'zh-TW': '檔案包含 {count} 個壓縮項目，超過上限 {limit} 個，未匯入任何資料',
    'en-US': 'The file holds {count} zip entries, over the limit of {limit}; nothing was imported',
    'pt-BR': 'O arquivo tem {count} entradas zip, acima do limite de {limit}; nada foi importado',
  },
  'import.tooLargeUnzipped': {
    'zh-CN': '文件解压后超过 {size} MB，超出上限 {limit} MB（参数 import.maxUnzippedMB），未导入任何数据',
    'zh-TW': '檔案解壓後超過 {size} MB，超出上限 {limit} MB（參數 import.maxUnzippedMB），未匯入任何資料',
    'en-US':
      'Unpacked, the file holds more than {size} MB, over the limit of {limit} MB (setting import.maxUnzippedMB); nothing was imported',
    'pt-BR':
      'Descompactado, o arquivo tem mais de {size} MB, acima do limite de {limit} MB (configuração import.maxUnzippedMB); nada foi importado',
  },
  'import.tooManyRows': {
    'zh-CN': '文件中的工作表有 {count} 行数据，超过上限 {limit} 行（参数 import.maxRows），未导入任何数据',
    'zh-TW': '檔案中的工作表有 {count} 列資料，超過上限 {limit} 列（參數 import.maxRows），未匯入任何資料',
    'en-US':
      'A sheet of the file has {count} data rows, over the limit of {limit} (setting import.maxRows); nothing was imported',
    'pt-BR':
      'Uma planilha do arquivo tem {count} linhas de dados, acima do limite de {limit} (configuração import.maxRows); nada foi importado',
  },
  'import.tooManyColumns': {
    'zh-CN': '文件使用了 {count} 列，超过上限 {limit} 列（参数 import.maxColumns），未导入任何数据',
    'zh-TW': '檔案使用了 {count} 欄，超過上限 {limit} 欄（參數 import.maxColumns），未匯入任何資料',
    'en-US': 'The file uses {count} columns, over the limit of {limit} (setting import.maxColumns); nothing was imported',
    'pt-BR': 'O arquivo usa {count} colunas, acima do limite de {limit} (configuração import.maxColumns); nada foi importado',
  },
  'import.tooManyCells': {
    'zh-CN':
      '文件有 {count} 个单元格（含合并区域、数据验证和名称引用的范围），超过上限 {limit} 个（参数 import.maxCells），未导入任何数据',
    'zh-TW':
      '檔案有 {count} 個儲存格（含合併區域、資料驗證和名稱參照的範圍），超過上限 {limit} 個（參數 import.maxCells），未匯入任何資料',
    'en-US':
      'The file has {count} cells (merged areas, data-validation and named ranges included), over the limit of {limit} (setting import.maxCells); nothing was imported',
    'pt-BR':
      'O arquivo tem {count} células (áreas mescladas, intervalos de validação e intervalos nomeados incluídos), acima do limite de {limit} (configuração import.maxCells); nada foi importado',
  },
  'import.tooManyStrings': {
    'zh-CN': '文件有 {count} 个不同的文本，超过上限 {limit} 个（参数 import.maxCells），未导入任何数据',
    'zh-TW': '檔案有 {count} 個不同的文字，超過上限 {limit} 個（參數 import.maxCells），未匯入任何資料',
    'en-US': 'The file has {count} distinct texts, over the limit of {limit} (setting import.maxCells); nothing was imported',
    'pt-BR':
      'O arquivo tem {count} textos distintos, acima do limite de {limit} (configuração import.maxCells); nada foi importado',
  },
  'import.tooComplex': {
    'zh-CN': '文件的 XML 元素（样式、格式、列定义等）超过 {limit} 个，无法读取（上限随参数 import.maxCells），未导入任何数据',
    'zh-TW': '檔案的 XML 元素（樣式、格式、欄定義等）超過 {limit} 個，無法讀取（上限隨參數 import.maxCells），未匯入任何資料',
    'en-US':
      'The file has more than {limit} XML elements (styles, formats, column definitions), too many to read (the limit follows import.maxCells); nothing was imported',
    'pt-BR':
      'O arquivo tem mais de {limit} elementos XML (estilos, formatos, definições de coluna), demais para ler (o limite acompanha import.maxCells); nada foi importado',
  },
  'import.unknownRef': {
    'zh-CN': '单元格 {cell}：找不到{field}“{value}”',
    'zh-TW': '儲存格 {cell}：找不到{field}「{value}」',
    'en-US': 'Cell {cell}: no {field} "{value}"',
    'pt-BR': 'Célula {cell}: não há {field} "{value}"',
  },
  'import.ambiguousRef': {
    'zh-CN': '单元格 {cell}：{field}“{value}”不止一个，请填写编码',
    'zh-TW': '儲存格 {cell}：{field}「{value}」不止一個，請填寫編碼',
    'en-US': 'Cell {cell}: more than one {field} is "{value}": give its code',
    'pt-BR': 'Célula {cell}: há mais de um {field} "{value}": informe o código',
  },
  'import.badMoneyCell': {
    'zh-CN': '单元格 {cell}：{field}“{value}”须为最多两位小数的金额',
    'zh-TW': '儲存格 {cell}：{field}「{value}」須為最多兩位小數的金額',
    'en-US': 'Cell {cell}: {field} "{value}" must be an amount with at most two decimals',
    'pt-BR': 'Célula {cell}: {field} "{value}" deve ser um valor com no máximo duas casas decimais',
  },
  'import.badIntegerCell': {
    'zh-CN': '单元格 {cell}：{field}“{value}”须为整数',
    'zh-TW': '儲存格 {cell}：{field}「{value}」須為整數',
    'en-US': 'Cell {cell}: {field} "{value}" must be a whole number',
    'pt-BR': 'Célula {cell}: {field} "{value}" deve ser um número inteiro',
  },
  'import.badNumberCell': {
    'zh-CN': '单元格 {cell}：{field}“{value}”的小数位数过多（最多{scale}位）',
    'zh-TW': '儲存格 {cell}：{field}「{value}」的小數位數過多（最多{scale}位）',
    'en-US': 'Cell {cell}: {field} "{value}" has too many decimal places (at most {scale})',
    'pt-BR': 'Célula {cell}: {field} "{value}" tem casas decimais demais (no máximo {scale})',
  },
  // Issue 31: a formula's value is the one the spreadsheet saved with it, never its text.
  'import.formulaCell': {
    'zh-CN':
      '单元格 {cell}：{field}是公式“{value}”，文件中没有它的计算结果；请在表格软件中重新计算并保存，或将其复制后“选择性粘贴为数值”',
    'zh-TW':
      '儲存格 {cell}：{field}是公式「{value}」，檔案中沒有它的計算結果；請在試算表軟體中重新計算並儲存，或將其複製後「選擇性貼上為值」',
    'en-US':
      'Cell {cell}: {field} is the formula "{value}" and the file holds no calculated value for it; recalculate and save the workbook in the spreadsheet program, or paste it as values',
    'pt-BR':
      'Célula {cell}: {field} é a fórmula "{value}" e o arquivo não tem o valor calculado dela; recalcule e salve a planilha no programa de planilhas, ou cole-a como valores',
  },
  'import.errorCell': {
    'zh-CN': '单元格 {cell}：{field}是错误值 {value}，请在表格中更正后再导入',
    'zh-TW': '儲存格 {cell}：{field}是錯誤值 {value}，請在試算表中更正後再匯入',
    'en-US': 'Cell {cell}: {field} is the error {value}; correct it in the workbook and import again',
    'pt-BR': 'Célula {cell}: {field} é o erro {value}; corrija-o na planilha e importe de novo',
  },
  'export.exportedAt': {
    'zh-CN': '导出时间',
    'zh-TW': '匯出時間',
    'en-US': 'Exported at',
    'pt-BR': 'Exportado em',
  },
  'export.exportedBy': {
    'zh-CN': '导出人',
    'zh-TW': '匯出人',
    'en-US': 'Exported by',
    'pt-BR': 'Exportado por',
  },
  'export.tooManyRows': {
    'zh-CN': '符合条件的数据有 {count} 行，超过导出上限 {limit} 行（参数 export.maxRows），请缩小查询条件后分批导出',
    'zh-TW': '符合條件的資料有 {count} 列，超過匯出上限 {limit} 列（參數 export.maxRows），請縮小查詢條件後分批匯出',
    'en-US':
      '{count} rows match, over the export limit of {limit} (setting export.maxRows); narrow the filters and export in parts',
    'pt-BR':
      '{count} linhas atendem aos filtros, acima do limite de exportação de {limit} (configuração export.maxRows); restrinja os filtros e exporte em partes',
  },
  'export.noHeading': {
    'zh-CN': '导出的表头 {name} 未注册',
    'zh-TW': '匯出的表頭 {name} 未註冊',
    'en-US': 'The export heading {name} is not registered',
    'pt-BR': 'O cabeçalho de exportação {name} não está registrado',
  },
} satisfies Record<string, Localized>;
