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
} satisfies Record<string, Localized>;
