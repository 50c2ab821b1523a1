// The approval rules (审批规则, issue 33): the settings the default processes read by name — the
// amount from which the head approves, the owning departments, who a step copies — kept by finance
// here, with an input that fits each (an amount, a role, a list of people), its meaning and its
// default. The server checks and saves each through the settings' own update
// (server/modules/workflow/rules.ts); the next document submitted follows it.
import { useCallback, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, errorMessage, get } from '../../api/request.ts';
import { useStores } from '../../stores/index.ts';
import { feedback } from '../../utils/feedback.ts';

interface Rule {
  id: number;
  version: number;
  configKey: string;
  configName: string;
  remark: string | null;
  configValue: string;
  defaultValue: string;
  integer?: { minimum: number; maximum: number };
  choice?: 'role' | 'recipients';
}

interface Answer {
  rules: Rule[];
  roles: Array<{ value: string; label: string }>;
}

export default observer(function ApprovalRules() {
  const { t } = useTranslation();
  const { session } = useStores();
  const canEdit = session.hasPermission('workflow:rule:edit');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const data = await get<Answer>('workflow/rule/list');
      setAnswer(data);
      setValues(Object.fromEntries(data.rules.map((r) => [r.configKey, r.configValue])));
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const roleLabel = (key: string) => {
    if (!key) return t('approvalRules.none');
    const role = answer?.roles.find((r) => r.value === key);
    return role ? `${role.label} (${key})` : key;
  };

  const save = async (rule: Rule) => {
    const value = values[rule.configKey] ?? '';
    if (value === rule.configValue) return void feedback.message.info(t('approvalRules.unchanged'));
    setBusy(rule.configKey);
    try {
      const body = await call<{ configValue: string }>({
        url: 'workflow/rule/update',
        method: 'POST',
        data: { configKey: rule.configKey, configValue: value, version: rule.version },
      });
      if (body.code !== '0') return void feedback.message.error(body.msg);
      feedback.message.success(t('approvalRules.saved'));
      await load();
    } catch (err) {
      feedback.message.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const input = (rule: Rule) => {
    const value = values[rule.configKey] ?? '';
    const set = (v: string) => setValues((all) => ({ ...all, [rule.configKey]: v }));
    const testId = `rule-${rule.configKey}`;
    if (rule.integer)
      return (
        <InputNumber
          value={value === '' ? null : Number(value)}
          min={rule.integer.minimum}
          max={rule.integer.maximum}
          precision={0}
          step={1000}
          disabled={!canEdit}
          style={{ width: 200 }}
          formatter={(v) => (v === undefined || v === null ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ','))}
          parser={(v) => (v ?? '').replace(/,/g, '') as unknown as number}
          onChange={(v) => set(v === null || v === undefined ? '' : String(v))}
          data-testid={testId}
        />
      );
    if (rule.choice === 'role')
      return (
        <Select
          value={value}
          disabled={!canEdit}
          style={{ width: 260 }}
          options={[
            { value: '', label: t('approvalRules.none') },
            ...(answer?.roles ?? []).map((r) => ({ value: r.value, label: roleLabel(r.value) })),
          ]}
          onChange={(v: string) => set(v ?? '')}
          data-testid={testId}
        />
      );
    return (
      <Input
        value={value}
        disabled={!canEdit}
        style={{ width: 320 }}
        placeholder={t('approvalRules.recipientsHint')}
        onChange={(e) => set(e.target.value)}
        data-testid={testId}
      />
    );
  };

  if (error) return <Alert type="error" showIcon message={t('approvalRules.loadFailed', { detail: error })} />;
  return (
    <Card data-testid="approval-rules">
      <Typography.Paragraph type="secondary">{t('approvalRules.intro')}</Typography.Paragraph>
      <Table<Rule>
        rowKey="configKey"
        loading={!answer}
        dataSource={answer?.rules ?? []}
        pagination={false}
        columns={[
          {
            key: 'setting',
            title: t('approvalRules.setting'),
            render: (_, rule) => (
              <div>
                <Typography.Text strong>{rule.configName}</Typography.Text>
                {rule.remark && (
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {rule.remark}
                    </Typography.Text>
                  </div>
                )}
              </div>
            ),
          },
          {
            key: 'value',
            title: t('approvalRules.value'),
            width: 380,
            render: (_, rule) => (
              <Space direction="vertical" size={2}>
                {input(rule)}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('approvalRules.defaultValue', {
                    value: rule.choice === 'role' ? roleLabel(rule.defaultValue) : rule.defaultValue || t('approvalRules.none'),
                  })}
                </Typography.Text>
              </Space>
            ),
          },
          ...(canEdit
            ? [
                {
                  key: 'save',
                  width: 100,
                  render: (_: unknown, rule: Rule) => (
                    <Button
                      type="primary"
                      loading={busy === rule.configKey}
                      disabled={busy !== null && busy !== rule.configKey}
                      onClick={() => void save(rule)}
                      data-testid={`rule-save-${rule.configKey}`}
                    >
                      {t('approvalRules.save')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
});
