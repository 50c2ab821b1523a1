// Messages of salaries (issue 18) and of the labour fees' withholding (issue 32).
import type { Localized } from '../../validators/locale.ts';

export const salaryMessages = {
  'salary.payeeUnknown': {
    'zh-CN': '工资明细第 {line} 行：本单位没有登录名或姓名为“{name}”的人员',
    'zh-TW': '薪資明細第 {line} 行：本單位沒有登入名或姓名為「{name}」的人員',
    'en-US': 'Payee line {line}: no user of this organisation has the login name or name “{name}”',
    'pt-BR': 'Linha {line}: nenhum usuário desta organização tem o login ou nome “{name}”',
  },
  'salary.payeeAmbiguous': {
    'zh-CN': '工资明细第 {line} 行：本单位有多名人员姓名为“{name}”，请填写登录名',
    'zh-TW': '薪資明細第 {line} 行：本單位有多名人員姓名為「{name}」，請填寫登入名',
    'en-US': 'Payee line {line}: several users are called “{name}”: give the login name',
    'pt-BR': 'Linha {line}: há vários usuários chamados “{name}”: informe o login',
  },
  'salary.payeeTwice': {
    'zh-CN': '工资明细第 {line} 行：{name} 已在第 {first} 行，同一人每月只列一行',
    'zh-TW': '薪資明細第 {line} 行：{name} 已在第 {first} 行，同一人每月只列一行',
    'en-US': 'Payee line {line}: {name} is already on line {first}; one line a person and month',
    'pt-BR': 'Linha {line}: {name} já está na linha {first}; uma linha por pessoa e mês',
  },
  'salary.earlierOpen': {
    'zh-CN': '工资表 {doc} 不能提交：更早月份的工资表 {earlier}（{month}）尚未审批通过，累计预扣个税会不准确',
    'zh-TW': '薪資表 {doc} 不能提交：更早月份的薪資表 {earlier}（{month}）尚未審批通過，累計預扣個稅會不準確',
    'en-US':
      'Sheet {doc} cannot be submitted: the earlier sheet {earlier} ({month}) is not approved yet, so the cumulative tax would be wrong',
    'pt-BR':
      'A folha {doc} não pode ser enviada: a folha anterior {earlier} ({month}) ainda não foi aprovada e o IR acumulado ficaria errado',
  },
  'salary.taxStale': {
    'zh-CN': '工资表 {doc} 第 {line} 行（{name}）的个税已变化：表中 {stored}，重新核算为 {computed}，请保存后再提交',
    'zh-TW': '薪資表 {doc} 第 {line} 行（{name}）的個稅已變化：表中 {stored}，重新核算為 {computed}，請儲存後再提交',
    'en-US':
      'Sheet {doc}, line {line} ({name}): the income tax is now {computed}, not {stored}; save the sheet again before submitting',
    'pt-BR': 'Folha {doc}, linha {line} ({name}): o IR agora é {computed}, não {stored}; salve a folha de novo antes de enviá-la',
  },
  'salary.notPaidOut': {
    'zh-CN': '工资表 {doc} 尚未发放，不能导出银行代发文件',
    'zh-TW': '薪資表 {doc} 尚未發放，不能匯出銀行代發檔案',
    'en-US': 'Sheet {doc} has not been paid out: there is no bank transfer file yet',
    'pt-BR': 'A folha {doc} ainda não foi paga: não há arquivo de transferência',
  },
  'salary.beforeStart': {
    'zh-CN': '工资明细第 {line} 行：{name} 本年自 {start} 起在本单位任职受雇，不能列入 {month} 的工资表',
    'zh-TW': '薪資明細第 {line} 行：{name} 本年自 {start} 起在本單位任職受僱，不能列入 {month} 的薪資表',
    'en-US': 'Payee line {line}: {name} is employed here from {start} this year and cannot be on the sheet of {month}',
    'pt-BR': 'Linha {line}: {name} trabalha aqui desde {start} neste ano e não pode constar da folha de {month}',
  },
  'salary.startAfterPaid': {
    'zh-CN': '{name} 的任职受雇起始月份不能是 {start}：{paid} 的工资表已审批通过并向其发放工资',
    'zh-TW': '{name} 的任職受僱起始月份不能是 {start}：{paid} 的薪資表已審批通過並向其發放薪資',
    'en-US': '{name} cannot have started in {start}: the approved sheet of {paid} already pays them',
    'pt-BR': '{name} não pode ter começado em {start}: a folha aprovada de {paid} já paga essa pessoa',
  },
  'salary.lowEarnerNotAllYear': {
    'zh-CN': '{name} 不适用“上年收入不超过6万元”的减除费用：{year} 年自 {start} 起才在本单位任职受雇，并非全年（国家税务总局公告2020年第19号）',
    'zh-TW': '{name} 不適用「上年收入不超過6萬元」的減除費用：{year} 年自 {start} 起才在本單位任職受僱，並非全年（國家稅務總局公告2020年第19號）',
    'en-US':
      '{name} cannot have the 60,000 deduction of a low earner: in {year} they were employed here only from {start}, not the whole year (SAT announcement 2020 No. 19)',
    'pt-BR':
      '{name} não tem direito à dedução de 60.000 de baixa renda: em {year} trabalhou aqui só a partir de {start}, não o ano todo (anúncio da SAT 2020 nº 19)',
  },
  'salary.lowEarnerPaidMore': {
    'zh-CN': '{name} 上年工资薪金收入不能填 {given}：本单位 {year} 年已审批的工资表向其发放了 {paid}',
    'zh-TW': '{name} 上年薪資收入不能填 {given}：本單位 {year} 年已審批的薪資表向其發放了 {paid}',
    'en-US': '{name}’s wages of last year cannot be {given}: this organisation’s approved sheets of {year} paid them {paid}',
    'pt-BR': 'Os salários de {name} no ano passado não podem ser {given}: as folhas aprovadas de {year} desta organização pagaram {paid}',
  },
  'labour.otherOpen': {
    'zh-CN':
      '单据 {doc} 不能提交：领款人 {name} 同月同项目的 {other} 尚在审批中，应先审结，才能按同一次收入合并计算劳务报酬个税',
    'zh-TW':
      '單據 {doc} 不能提交：領款人 {name} 同月同項目的 {other} 尚在審批中，應先審結，才能按同一次收入合併計算勞務報酬個稅',
    'en-US':
      'Batch {doc} cannot be submitted: {other}, a fee of the same month and kind to {name}, is still in approval; the tax of one payment is worked out on both once it is decided',
    'pt-BR':
      'O lote {doc} não pode ser enviado: {other}, honorário do mesmo mês e tipo para {name}, ainda está em aprovação; o IR do pagamento único é calculado sobre ambos depois da decisão',
  },
  'labour.taxStale': {
    'zh-CN': '单据 {doc} 领款人第 {line} 行（{name}）的个税已变化：单据中 {stored}，重新核算为 {computed}，请保存后再提交',
    'zh-TW': '單據 {doc} 領款人第 {line} 行（{name}）的個稅已變化：單據中 {stored}，重新核算為 {computed}，請儲存後再提交',
    'en-US':
      'Batch {doc}, payee line {line} ({name}): the income tax is now {computed}, not {stored}; save the batch again before submitting',
    'pt-BR':
      'Lote {doc}, linha {line} ({name}): o IR agora é {computed}, não {stored}; salve o lote de novo antes de enviá-lo',
  },
} satisfies Record<string, Localized>;
