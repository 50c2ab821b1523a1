// Messages of assets and consumables (issue 17), and of the runtime effects they first needed.
import type { Localized } from '../../validators/locale.ts';

export const assetMessages = {
  'record.inUse': {
    'zh-CN': '“{record}”已被{by}使用，不能删除',
    'zh-TW': '「{record}」已被{by}使用，不能刪除',
    'en-US': '“{record}” is used by {by}: it cannot be removed',
    'pt-BR': '“{record}” é usado por {by}: não pode ser excluído',
  },
  'state.notEditable': {
    'zh-CN': '单据 {doc} 已办理，不能再修改或删除',
    'zh-TW': '單據 {doc} 已辦理，不能再修改或刪除',
    'en-US': 'Document {doc} has been carried out: it can no longer be changed or removed',
    'pt-BR': 'O documento {doc} já foi executado: não pode mais ser alterado nem excluído',
  },
  'stock.short': {
    'zh-CN': '{product}在{warehouse}的库存不足：现有 {have}，需要 {need}',
    'zh-TW': '{product}在{warehouse}的庫存不足：現有 {have}，需要 {need}',
    'en-US': 'Not enough {product} in {warehouse}: {have} in stock, {need} asked for',
    'pt-BR': 'Estoque insuficiente de {product} em {warehouse}: há {have}, pedido {need}',
  },
  'stock.beyondAvailable': {
    'zh-CN': '{product}可用库存不足：可用 {available}，申请 {need}',
    'zh-TW': '{product}可用庫存不足：可用 {available}，申請 {need}',
    'en-US': 'Not enough {product} available: {available} available, {need} asked for',
    'pt-BR': 'Estoque disponível insuficiente de {product}: {available} disponível, {need} pedido',
  },
  'stock.badMonth': {
    'zh-CN': '请选择月份（YYYY-MM）',
    'zh-TW': '請選擇月份（YYYY-MM）',
    'en-US': 'Choose a month (YYYY-MM)',
    'pt-BR': 'Escolha um mês (AAAA-MM)',
  },
  'stock.badId': {
    'zh-CN': '仓库或耗材编号不正确',
    'zh-TW': '倉庫或耗材編號不正確',
    'en-US': 'The warehouse or item number is not valid',
    'pt-BR': 'O número do almoxarifado ou do item não é válido',
  },
  'stock.report.title': {
    'zh-CN': '耗材收发存月报',
    'zh-TW': '耗材收發存月報',
    'en-US': 'Monthly stock report',
    'pt-BR': 'Relatório mensal de estoque',
  },
  'stock.report.warehouse': {
    'zh-CN': '仓库',
    'zh-TW': '倉庫',
    'en-US': 'Warehouse',
    'pt-BR': 'Almoxarifado',
  },
  'stock.report.productCode': {
    'zh-CN': '耗材编码',
    'zh-TW': '耗材編碼',
    'en-US': 'Item code',
    'pt-BR': 'Código do item',
  },
  'stock.report.product': {
    'zh-CN': '耗材',
    'zh-TW': '耗材',
    'en-US': 'Item',
    'pt-BR': 'Item',
  },
  'stock.report.unit': {
    'zh-CN': '单位',
    'zh-TW': '單位',
    'en-US': 'Unit',
    'pt-BR': 'Unidade',
  },
  'stock.report.openingQuantity': {
    'zh-CN': '期初数量',
    'zh-TW': '期初數量',
    'en-US': 'Opening quantity',
    'pt-BR': 'Quantidade inicial',
  },
  'stock.report.openingAmount': {
    'zh-CN': '期初金额',
    'zh-TW': '期初金額',
    'en-US': 'Opening amount',
    'pt-BR': 'Valor inicial',
  },
  'stock.report.inQuantity': {
    'zh-CN': '入库数量',
    'zh-TW': '入庫數量',
    'en-US': 'In quantity',
    'pt-BR': 'Quantidade de entrada',
  },
  'stock.report.inAmount': {
    'zh-CN': '入库金额',
    'zh-TW': '入庫金額',
    'en-US': 'In amount',
    'pt-BR': 'Valor de entrada',
  },
  'stock.report.outQuantity': {
    'zh-CN': '出库数量',
    'zh-TW': '出庫數量',
    'en-US': 'Out quantity',
    'pt-BR': 'Quantidade de saída',
  },
  'stock.report.outAmount': {
    'zh-CN': '出库金额',
    'zh-TW': '出庫金額',
    'en-US': 'Out amount',
    'pt-BR': 'Valor de saída',
  },
  'stock.report.closingQuantity': {
    'zh-CN': '期末数量',
    'zh-TW': '期末數量',
    'en-US': 'Closing quantity',
    'pt-BR': 'Quantidade final',
  },
  'stock.report.closingAmount': {
    'zh-CN': '期末金额',
    'zh-TW': '期末金額',
    'en-US': 'Closing amount',
    'pt-BR': 'Valor final',
  },
  'stock.draft.title': {
    'zh-CN': '补充安全库存（{doc}）',
    'zh-TW': '補充安全庫存（{doc}）',
    'en-US': 'Restock to safety level ({doc})',
    'pt-BR': 'Reposição ao estoque de segurança ({doc})',
  },
  'stock.draft.reason': {
    'zh-CN': '出库单 {doc} 后库存低于安全库存，补足至安全库存',
    'zh-TW': '出庫單 {doc} 後庫存低於安全庫存，補足至安全庫存',
    'en-US': 'After issue {doc} the stock fell below its safety level: this restores it',
    'pt-BR': 'Após a saída {doc} o estoque ficou abaixo do nível de segurança: esta compra o repõe',
  },
  'cascade.notInState': {
    'zh-CN': '{row} 当前状态为“{state}”，不能办理此业务',
    'zh-TW': '{row} 目前狀態為「{state}」，不能辦理此業務',
    'en-US': '{row} is “{state}”: this cannot be done to it now',
    'pt-BR': '{row} está “{state}”: esta operação não é possível agora',
  },
  'asset.depreciated': {
    'zh-CN': '{period} 折旧已计提：{cards} 张卡片，合计 {amount} 元',
    'zh-TW': '{period} 折舊已計提：{cards} 張卡片，合計 {amount} 元',
    'en-US': 'Depreciation for {period} booked: {cards} cards, {amount} in total',
    'pt-BR': 'Depreciação de {period} lançada: {cards} bens, {amount} no total',
  },
  'asset.badPeriod': {
    'zh-CN': '请选择已经开始的月份（YYYY-MM）',
    'zh-TW': '請選擇已經開始的月份（YYYY-MM）',
    'en-US': 'Choose a month that has begun (YYYY-MM)',
    'pt-BR': 'Escolha um mês já iniciado (AAAA-MM)',
  },
  'asset.notRemovable': {
    'zh-CN': '资产 {asset} 已计提折旧或由验收入库生成，不能删除，请办理处置',
    'zh-TW': '資產 {asset} 已計提折舊或由驗收入庫生成，不能刪除，請辦理處置',
    'en-US': 'Asset {asset} has been depreciated or came from an entry order: it is not removed but disposed of',
    'pt-BR': 'O bem {asset} já foi depreciado ou veio de uma entrada: não é excluído, e sim baixado',
  },
  'asset.finishFirst': {
    'zh-CN': '盘点 {doc} 尚未完成，完成后才能提交审批',
    'zh-TW': '盤點 {doc} 尚未完成，完成後才能提交審批',
    'en-US': 'Count {doc} is not finished: finish it before submitting it',
    'pt-BR': 'O inventário {doc} não foi concluído: conclua-o antes de enviá-lo',
  },
  'asset.scanMatched': {
    'zh-CN': '{code} 盘点相符（{doc}）',
    'zh-TW': '{code} 盤點相符（{doc}）',
    'en-US': '{code} counted: matches ({doc})',
    'pt-BR': '{code} contado: confere ({doc})',
  },
  'asset.scanSurplus': {
    'zh-CN': '{code} 不在盘点范围内，已记为盘盈（{doc}）',
    'zh-TW': '{code} 不在盤點範圍內，已記為盤盈（{doc}）',
    'en-US': '{code} is not in the count: recorded as surplus ({doc})',
    'pt-BR': '{code} não está no inventário: registrado como sobra ({doc})',
  },
  'asset.scanUnknown': {
    'zh-CN': '没有编号为“{code}”的资产卡片',
    'zh-TW': '沒有編號為「{code}」的資產卡片',
    'en-US': 'No asset card is numbered “{code}”',
    'pt-BR': 'Nenhum bem tem o número “{code}”',
  },
  'asset.noInventory': {
    'zh-CN': '当前没有进行中的盘点，{code} 未登记',
    'zh-TW': '目前沒有進行中的盤點，{code} 未登記',
    'en-US': 'No count is in progress: {code} was not recorded',
    'pt-BR': 'Nenhum inventário em andamento: {code} não foi registrado',
  },
  'asset.scanWhich': {
    'zh-CN': '{code} 不在任何进行中的盘点范围内，且有多个盘点进行中，请在盘点单中登记',
    'zh-TW': '{code} 不在任何進行中的盤點範圍內，且有多個盤點進行中，請在盤點單中登記',
    'en-US': '{code} is in no count in progress, and several are open: record it in the count itself',
    'pt-BR': '{code} não está em nenhum inventário em andamento, e há vários abertos: registre-o no próprio inventário',
  },
  'asset.depreciatedCard': {
    'zh-CN': '资产 {asset} 已计提折旧，原值、入账日期、分类和使用年限不能再修改',
    'zh-TW': '資產 {asset} 已計提折舊，原值、入帳日期、分類和使用年限不能再修改',
    'en-US': 'Asset {asset} has been depreciated: its cost, entry date, category and life can no longer change',
    'pt-BR': 'O bem {asset} já foi depreciado: custo, data de entrada, categoria e vida útil não podem mais mudar',
  },
  // The notice to the stock keepers when an issue takes products below their safety stock (ledger.ts).
  'notice.stock.title': {
    'zh-CN': '库存预警：{count}种耗材低于安全库存',
    'zh-TW': '庫存預警：{count}種耗材低於安全庫存',
    'en-US': 'Stock warning: {count} consumables below safety stock',
    'pt-BR': 'Alerta de estoque: {count} itens abaixo do mínimo',
  },
  'notice.stock.item': {
    'zh-CN': '{product} 余{left}（安全库存{safety}）',
    'zh-TW': '{product} 餘{left}（安全庫存{safety}）',
    'en-US': '{product}: {left} left (safety stock {safety})',
    'pt-BR': '{product}: restam {left} (estoque mínimo {safety})',
  },
  'notice.stock.content': {
    'zh-CN': '{doc}出库后，{items}',
    'zh-TW': '{doc}出庫後，{items}',
    'en-US': 'After {doc} went out: {items}',
    'pt-BR': 'Após a saída {doc}: {items}',
  },
  // Issue 32: the official rules of fixed assets (server/modules/asset/rules.ts).
  'asset.lifeNeeded': {
    'zh-CN': '资产分类“{category}”及其上级分类都没有规定折旧年限，请为“{asset}”填写使用年限（月）',
    'zh-TW': '資產分類「{category}」及其上級分類都沒有規定折舊年限，請為「{asset}」填寫使用年限（月）',
    'en-US': 'Neither the category “{category}” nor any category above it has a life: enter the life of “{asset}” in months',
    'pt-BR': 'Nem a categoria “{category}” nem as acima dela têm vida útil: informe a vida útil de “{asset}” em meses',
  },
  'asset.lifeOutOfRange': {
    'zh-CN': '“{asset}”的使用年限 {life} 个月不符合《政府固定资产折旧年限表》：{category}{range}',
    'zh-TW': '「{asset}」的使用年限 {life} 個月不符合《政府固定資產折舊年限表》：{category}{range}',
    'en-US': 'The life of “{asset}”, {life} months, is outside the official depreciation table, which gives {category}: {range}',
    'pt-BR': 'A vida útil de “{asset}”, {life} meses, está fora da tabela oficial de depreciação, que dá a {category}: {range}',
  },
  'asset.categoryLifeOutOfRange': {
    'zh-CN': '分类“{name}”的折旧年限 {life} 个月不符合《政府固定资产折旧年限表》：{category}{range}',
    'zh-TW': '分類「{name}」的折舊年限 {life} 個月不符合《政府固定資產折舊年限表》：{category}{range}',
    'en-US':
      'The life of the category “{name}”, {life} months, is outside the official depreciation table, which gives {category}: {range}',
    'pt-BR':
      'A vida útil da categoria “{name}”, {life} meses, está fora da tabela oficial de depreciação, que dá a {category}: {range}',
  },
  'asset.range.atLeast': {
    'zh-CN': '不低于 {years} 年（{months} 个月）',
    'zh-TW': '不低於 {years} 年（{months} 個月）',
    'en-US': 'at least {years} years ({months} months)',
    'pt-BR': 'no mínimo {years} anos ({months} meses)',
  },
  'asset.range.between': {
    'zh-CN': '为 {min}–{max} 年（{minMonths}–{maxMonths} 个月）',
    'zh-TW': '為 {min}–{max} 年（{minMonths}–{maxMonths} 個月）',
    'en-US': '{min} to {max} years ({minMonths}–{maxMonths} months)',
    'pt-BR': 'de {min} a {max} anos ({minMonths}–{maxMonths} meses)',
  },
  'asset.range.exactly': {
    'zh-CN': '为 {years} 年（{months} 个月）',
    'zh-TW': '為 {years} 年（{months} 個月）',
    'en-US': '{years} years ({months} months)',
    'pt-BR': '{years} anos ({months} meses)',
  },
  'asset.range.none': {
    'zh-CN': '不计提折旧（使用年限为 0）',
    'zh-TW': '不計提折舊（使用年限為 0）',
    'en-US': 'not depreciated (a life of 0)',
    'pt-BR': 'sem depreciação (vida útil 0)',
  },
  'asset.belowThreshold': {
    'zh-CN': '“{asset}”单价 {cost:money} 元，低于固定资产标准 {min:money} 元，不能登记为固定资产：请作为低值易耗品在耗材中入库',
    'zh-TW': '「{asset}」單價 {cost:money} 元，低於固定資產標準 {min:money} 元，不能登記為固定資產：請作為低值易耗品在耗材中入庫',
    'en-US':
      '“{asset}” costs {cost:money}, below the fixed-asset threshold of {min:money}: it is not a fixed asset but a low-value item — stock it in as a consumable',
    'pt-BR':
      '“{asset}” custa {cost:money}, abaixo do limite de ativo imobilizado de {min:money}: não é um bem patrimonial, e sim um item de baixo valor — dê entrada nele como material de consumo',
  },
  'asset.belowThresholdSpecial': {
    'zh-CN':
      '“{asset}”属专用设备，单价 {cost:money} 元，低于专用设备的固定资产标准 {min:money} 元，不能登记为固定资产：请作为低值易耗品在耗材中入库',
    'zh-TW':
      '「{asset}」屬專用設備，單價 {cost:money} 元，低於專用設備的固定資產標準 {min:money} 元，不能登記為固定資產：請作為低值易耗品在耗材中入庫',
    'en-US':
      '“{asset}” is special equipment costing {cost:money}, below its fixed-asset threshold of {min:money}: it is not a fixed asset but a low-value item — stock it in as a consumable',
    'pt-BR':
      '“{asset}” é equipamento especializado de {cost:money}, abaixo do seu limite de ativo imobilizado de {min:money}: não é um bem patrimonial, e sim um item de baixo valor — dê entrada nele como material de consumo',
  },
  'asset.shortLife': {
    'zh-CN': '“{asset}”的使用年限 {life} 个月，不超过 1 年，不能登记为固定资产：请作为低值易耗品在耗材中入库',
    'zh-TW': '「{asset}」的使用年限 {life} 個月，不超過 1 年，不能登記為固定資產：請作為低值易耗品在耗材中入庫',
    'en-US':
      '“{asset}” lasts {life} months, not more than a year: it is not a fixed asset but a low-value item — stock it in as a consumable',
    'pt-BR':
      '“{asset}” dura {life} meses, não mais que um ano: não é um bem patrimonial, e sim um item de baixo valor — dê entrada nele como material de consumo',
  },
  'asset.openingIncomplete': {
    'zh-CN': '原有资产请同时填写期初累计折旧和期初已提折旧月数（新购资产两项都不填）',
    'zh-TW': '原有資產請同時填寫期初累計折舊和期初已提折舊月數（新購資產兩項都不填）',
    'en-US':
      'An asset with history needs both its opening accumulated depreciation and the months depreciated before (a new asset neither)',
    'pt-BR':
      'Um bem com histórico precisa da depreciação acumulada inicial e dos meses já depreciados (um bem novo, de nenhum dos dois)',
  },
  'asset.openingOverCost': {
    'zh-CN': '期初累计折旧 {opening:money} 元不能大于原值 {cost:money} 元',
    'zh-TW': '期初累計折舊 {opening:money} 元不能大於原值 {cost:money} 元',
    'en-US': 'The opening accumulated depreciation, {opening:money}, cannot exceed the cost, {cost:money}',
    'pt-BR': 'A depreciação acumulada inicial, {opening:money}, não pode passar do custo, {cost:money}',
  },
  'asset.openingMonthsOverLife': {
    'zh-CN': '期初已提折旧月数 {months} 不能大于使用年限 {life} 个月',
    'zh-TW': '期初已提折舊月數 {months} 不能大於使用年限 {life} 個月',
    'en-US': 'The months depreciated before, {months}, cannot exceed the life of {life} months',
    'pt-BR': 'Os meses já depreciados, {months}, não podem passar da vida útil de {life} meses',
  },
  'asset.openingFull': {
    'zh-CN': '期初已提足 {life} 个月的折旧，期初累计折旧应等于原值 {cost:money} 元',
    'zh-TW': '期初已提足 {life} 個月的折舊，期初累計折舊應等於原值 {cost:money} 元',
    'en-US':
      'All {life} months of its life are depreciated already: the opening accumulated depreciation must equal the cost, {cost:money}',
    'pt-BR':
      'Todos os {life} meses de vida já foram depreciados: a depreciação acumulada inicial deve ser igual ao custo, {cost:money}',
  },
  'asset.openingMonthsOverElapsed': {
    'zh-CN': '期初已提折旧月数 {months} 超过了从入账日期 {entry} 所在月到本月的 {elapsed} 个月',
    'zh-TW': '期初已提折舊月數 {months} 超過了從入帳日期 {entry} 所在月到本月的 {elapsed} 個月',
    'en-US':
      'The months depreciated before, {months}, are more than the {elapsed} months from the month of its entry date {entry} to this one',
    'pt-BR': 'Os meses já depreciados, {months}, são mais que os {elapsed} meses do mês da data de entrada {entry} até este',
  },
  'asset.openingNotDepreciated': {
    'zh-CN': '“{category}”的资产不计提折旧，不能填写期初折旧',
    'zh-TW': '「{category}」的資產不計提折舊，不能填寫期初折舊',
    'en-US': 'Assets of “{category}” are not depreciated: they have no opening depreciation',
    'pt-BR': 'Bens de “{category}” não são depreciados: não têm depreciação inicial',
  },
} satisfies Record<string, Localized>;
