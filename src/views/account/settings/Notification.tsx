// New-message notifications: one switch per kind, kept with the account. What the server honours
// is written in docs/decisions.md ("Account pages").
import { useEffect, useState } from 'react';
import { List, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi, NOTIFY_KINDS, type NotifyKind, type Preferences } from '../../../api/account.ts';
import { errorMessage } from '../../../api/request.ts';
import { feedback } from '../../../utils/feedback.ts';

const TEXT: Record<NotifyKind, string> = {
  approvalTask: 'ApprovalTask',
  notice: 'Notice',
  budgetWarning: 'BudgetWarning',
  contractDue: 'ContractDue',
  insuranceDue: 'InsuranceDue',
  stockWarning: 'StockWarning',
};

export default function Notification() {
  const { t } = useTranslation();
  const [notify, setNotify] = useState<Preferences['notify'] | null>(null);
  useEffect(() => {
    accountApi.preferences().then(
      (p) => setNotify(p.notify),
      (err) => feedback.message.error(errorMessage(err)),
    );
  }, []);
  const change = async (kind: NotifyKind, on: boolean) => {
    try {
      setNotify((await accountApi.savePreferences({ notify: { [kind]: on } })).notify);
      feedback.message.success(t('account.saved'));
    } catch (err) {
      feedback.message.error(errorMessage(err));
    }
  };
  return (
    <>
      <Typography.Paragraph type="secondary">{t('account.notificationText')}</Typography.Paragraph>
      <List
        loading={!notify}
        dataSource={notify ? [...NOTIFY_KINDS] : []}
        renderItem={(kind) => (
          <List.Item
            data-testid={`notify-${kind}`}
            actions={[<Switch key="on" checked={notify![kind]} onChange={(on) => void change(kind, on)} />]}
          >
            <List.Item.Meta title={t(`account.notify${TEXT[kind]}`)} description={t(`account.notify${TEXT[kind]}Text`)} />
          </List.Item>
        )}
      />
    </>
  );
}
