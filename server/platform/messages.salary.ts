// Messages of salaries (issue 18).
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
} satisfies Record<string, Localized>;
