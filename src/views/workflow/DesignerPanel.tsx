// The designer's properties panel: what approvals need of the selected element. The process (its
// key, read-only, and name); a user task (name and candidate rule: roles, users, the applicant's
// department leader, a named department's leader, the applicant); a sequence flow leaving an
// exclusive gateway (a condition in the product's expression language, checked as it is typed, or
// the gateway's default). Every change goes through bpmn-js's modeling API, so undo and the saved
// XML follow.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Form, Input, Select, Switch, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type Modeler from 'bpmn-js/lib/Modeler';
import type { Element } from 'bpmn-js/lib/model/Types';
import { is } from 'bpmn-js/lib/util/ModelUtil';
import { errorMessage, get } from '../../api/request.ts';
import { feedback } from '../../utils/feedback.ts';
import { conditionError } from './designerModule.ts';

export const CANDIDATE_TYPES = ['role', 'user', 'deptLeader', 'namedDeptLeader', 'starter'] as const;
type CandidateType = (typeof CANDIDATE_TYPES)[number];

interface Modeling {
  updateProperties(element: Element, properties: Record<string, unknown>): void;
}
interface BpmnReplace {
  replaceElement(element: Element, target: { type: string }): Element;
}
interface DirectEditing {
  isActive(): boolean;
  complete(): void;
}
interface BpmnFactory {
  create(type: string, attrs?: Record<string, unknown>): unknown;
}

interface Values {
  name?: string;
  candidateType?: CandidateType;
  roles?: string[];
  users?: number[];
  dept?: number;
  condition?: string;
  isDefault?: boolean;
  escalateTo?: string[];
  allowRepeat?: boolean;
  /** The task list's batch approval may not decide this step (nk:batch="false"). */
  noBatch?: boolean;
}

interface Option {
  value: string | number;
  label: string;
}
interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}

type Kind = 'process' | 'userTask' | 'plainTask' | 'conditionalFlow' | 'named';

function kindOf(element: Element): Kind {
  if (is(element, 'bpmn:Process')) return 'process';
  if (is(element, 'bpmn:UserTask')) return 'userTask';
  if (is(element, 'bpmn:Task')) return 'plainTask';
  if (is(element, 'bpmn:SequenceFlow') && is(element.businessObject.sourceRef, 'bpmn:ExclusiveGateway')) return 'conditionalFlow';
  return 'named';
}

const list = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function valuesOf(element: Element): Values {
  const bo = element.businessObject;
  const type = bo.get?.('nk:candidateType') as CandidateType | undefined;
  const candidates = list(bo.get?.('nk:candidates'));
  const values: Values = { name: bo.name ?? '' };
  if (is(element, 'bpmn:UserTask')) {
    values.candidateType = type;
    values.roles = type === 'role' ? candidates : [];
    values.users = type === 'user' ? candidates.map(Number).filter((n) => Number.isInteger(n)) : [];
    values.dept = type === 'namedDeptLeader' && candidates[0] ? Number(candidates[0]) : undefined;
    values.escalateTo = list(bo.get?.('nk:escalateTo'));
    values.allowRepeat = bo.get?.('nk:allowRepeat') === 'true';
    values.noBatch = bo.get?.('nk:batch') === 'false';
  }
  if (is(element, 'bpmn:SequenceFlow')) {
    values.condition = bo.conditionExpression?.body ?? '';
    values.isDefault = Boolean(bo.sourceRef?.default && bo.sourceRef.default === bo);
  }
  return values;
}

function treeOf(rows: Array<{ id: number; parentId?: number | null; deptName: string }>): TreeNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { value: r.id, title: r.deptName, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const r of rows) {
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(r.id)!);
  }
  return roots;
}

export default function DesignerPanel({
  modeler,
  element,
  revision,
  readOnly,
}: {
  modeler: Modeler;
  element: Element | null;
  /** Bumped when the selected element changed (undo, redo, a label edited on the canvas). */
  revision: number;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [roles, setRoles] = useState<Option[] | null>(null);
  const [users, setUsers] = useState<Option[]>([]);
  const [depts, setDepts] = useState<TreeNode[] | null>(null);
  const kind = element ? kindOf(element) : null;
  const candidateType = Form.useWatch('candidateType', form);
  const condition = Form.useWatch('condition', form) ?? '';
  const isDefault = Form.useWatch('isDefault', form);
  const modeling = modeler.get<Modeling>('modeling');

  useEffect(() => {
    form.resetFields();
    if (element) form.setFieldsValue(valuesOf(element));
  }, [element, form]);
  useEffect(() => {
    if (element && revision) form.setFieldsValue(valuesOf(element));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revision]);

  // Choices, fetched once when first needed.
  useEffect(() => {
    if (kind !== 'userTask') return;
    if (!roles) {
      get<Array<{ roleKey: string; roleName: string }>>('core/role/all')
        .then((rows) => setRoles(rows.map((r) => ({ value: r.roleKey, label: r.roleName }))))
        .catch((err) => feedback.message.error(errorMessage(err)));
    }
    if (candidateType === 'namedDeptLeader' && !depts) {
      get<Array<{ id: number; parentId?: number | null; deptName: string }>>('core/dept/list')
        .then((rows) => setDepts(treeOf(rows)))
        .catch((err) => feedback.message.error(errorMessage(err)));
    }
    const ids = form.getFieldValue('users') as number[] | undefined;
    if (candidateType === 'user' && ids?.length && ids.some((id) => !users.some((u) => u.value === id))) {
      void searchUsers('', ids);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, candidateType, element]);

  const searchUsers = async (realName: string, ids?: number[]) => {
    try {
      const page = await get<{ records: Array<{ id: number; realName: string; deptName?: string | null }> }>(
        'core/user/pageOfBase',
        ids ? { ids: ids.join(','), pageSize: 100 } : { realName, pageSize: 20 },
      );
      const found = page.records.map((u) => ({ value: u.id, label: u.deptName ? `${u.realName}（${u.deptName}）` : u.realName }));
      // Keep the labels of those already chosen.
      setUsers((before) => {
        const chosen = new Set((form.getFieldValue('users') as number[] | undefined) ?? []);
        const kept = before.filter((o) => chosen.has(Number(o.value)) && !found.some((f) => f.value === o.value));
        return [...kept, ...found];
      });
    } catch (err) {
      feedback.message.error(errorMessage(err));
    }
  };

  const finishLabelEditing = () => {
    const editing = modeler.get<DirectEditing>('directEditing');
    if (editing.isActive()) editing.complete();
  };

  const onValuesChange = (changed: Values) => {
    if (!element || readOnly) return;
    const set = (properties: Record<string, unknown>) => modeling.updateProperties(element, properties);
    if ('name' in changed) set({ name: changed.name || undefined });
    if ('candidateType' in changed) {
      set({ 'nk:candidateType': changed.candidateType, 'nk:candidates': undefined });
      form.setFieldsValue({ roles: [], users: [], dept: undefined });
    }
    if ('roles' in changed) set({ 'nk:candidates': changed.roles?.join(',') || undefined });
    if ('users' in changed) set({ 'nk:candidates': changed.users?.join(',') || undefined });
    if ('dept' in changed) set({ 'nk:candidates': changed.dept === undefined ? undefined : String(changed.dept) });
    if ('escalateTo' in changed) set({ 'nk:escalateTo': changed.escalateTo?.join(',') || undefined });
    if ('allowRepeat' in changed) set({ 'nk:allowRepeat': changed.allowRepeat ? 'true' : undefined });
    if ('noBatch' in changed) set({ 'nk:batch': changed.noBatch ? 'false' : undefined });
    if ('condition' in changed) {
      const body = changed.condition ?? '';
      set({
        conditionExpression: body.trim()
          ? modeler.get<BpmnFactory>('bpmnFactory').create('bpmn:FormalExpression', { body })
          : undefined,
      });
    }
    if ('isDefault' in changed) {
      const gateway = modeler.get<{ get(id: string): Element }>('elementRegistry').get(element.businessObject.sourceRef.id);
      if (changed.isDefault) {
        // A default flow carries no condition.
        set({ conditionExpression: undefined });
        form.setFieldsValue({ condition: '' });
      }
      modeling.updateProperties(gateway, { default: changed.isDefault ? element.businessObject : undefined });
    }
  };

  // A gateway's condition may read a site setting by name: setting('approval.headThreshold').
  const conditionProblem = useMemo(() => conditionError(condition, { settings: true }), [condition]);

  if (!element || !kind) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designer.nothingSelected')} />;

  const heading = {
    process: t('designer.process'),
    userTask: t('designer.userTask'),
    plainTask: t('designer.userTask'),
    conditionalFlow: t('designer.flow'),
    named: is(element, 'bpmn:SequenceFlow') ? t('designer.flow') : t('designer.element'),
  }[kind];

  const candidateOptions = CANDIDATE_TYPES.map((c) => ({ value: c, label: t(`designer.candidateTypes.${c}`) }));

  return (
    <div data-testid="designer-panel" data-element-id={element.id}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {heading}
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal', marginLeft: 8 }}>
          {element.id}
        </Typography.Text>
      </Typography.Title>
      {kind === 'plainTask' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('designer.plainTask')}
          action={
            <Button
              size="small"
              disabled={readOnly}
              onClick={() => modeler.get<BpmnReplace>('bpmnReplace').replaceElement(element, { type: 'bpmn:UserTask' })}
            >
              {t('designer.toUserTask')}
            </Button>
          }
        />
      )}
      <Form
        key={element.id}
        form={form}
        layout="vertical"
        requiredMark={kind === 'userTask'}
        disabled={readOnly}
        onValuesChange={onValuesChange}
        onFocus={finishLabelEditing}
      >
        {kind === 'process' && (
          <Form.Item label={t('designer.processKey')}>
            <Input value={element.businessObject.id} readOnly disabled data-testid="designer-process-key" />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('designer.name')}
          rules={kind === 'userTask' ? [{ required: true, whitespace: true, message: t('designer.nameRequired') }] : []}
        >
          <Input data-testid="designer-name" autoComplete="off" maxLength={100} />
        </Form.Item>

        {kind === 'userTask' && (
          <>
            <Form.Item
              name="candidateType"
              label={t('designer.candidateType')}
              rules={[{ required: true, message: t('designer.candidatesRequired') }]}
            >
              <Select data-testid="designer-candidate-type" options={candidateOptions} placeholder={t('designer.choose')} />
            </Form.Item>
            {candidateType === 'role' && (
              <Form.Item
                name="roles"
                label={t('designer.roles')}
                rules={[{ required: true, message: t('designer.candidatesRequired') }]}
              >
                <Select
                  data-testid="designer-roles"
                  mode="multiple"
                  loading={!roles}
                  options={roles ?? []}
                  optionFilterProp="label"
                  placeholder={t('designer.choose')}
                />
              </Form.Item>
            )}
            {candidateType === 'user' && (
              <Form.Item
                name="users"
                label={t('designer.users')}
                rules={[{ required: true, message: t('designer.candidatesRequired') }]}
              >
                <Select
                  data-testid="designer-users"
                  mode="multiple"
                  showSearch
                  filterOption={false}
                  options={users}
                  onSearch={(text) => void searchUsers(text)}
                  onFocus={() => !users.length && void searchUsers('')}
                  placeholder={t('designer.searchUser')}
                />
              </Form.Item>
            )}
            {candidateType === 'namedDeptLeader' && (
              <Form.Item
                name="dept"
                label={t('designer.dept')}
                rules={[{ required: true, message: t('designer.candidatesRequired') }]}
              >
                <TreeSelect
                  data-testid="designer-dept"
                  treeData={depts ?? []}
                  loading={!depts}
                  showSearch
                  treeNodeFilterProp="title"
                  treeDefaultExpandAll
                  placeholder={t('designer.choose')}
                />
              </Form.Item>
            )}
            <Form.Item name="escalateTo" label={t('designer.escalateTo')} tooltip={t('designer.escalateToHint')}>
              <Select
                data-testid="designer-escalate-to"
                mode="multiple"
                allowClear
                loading={!roles}
                options={roles ?? []}
                optionFilterProp="label"
                placeholder={t('designer.choose')}
              />
            </Form.Item>
            <Form.Item name="allowRepeat" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox data-testid="designer-allow-repeat">{t('designer.allowRepeat')}</Checkbox>
            </Form.Item>
            <Form.Item name="noBatch" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox data-testid="designer-no-batch">{t('designer.noBatch')}</Checkbox>
            </Form.Item>
          </>
        )}

        {kind === 'conditionalFlow' && (
          <>
            <Form.Item name="isDefault" label={t('designer.defaultFlow')} valuePropName="checked">
              <Switch data-testid="designer-default" />
            </Form.Item>
            <Form.Item
              name="condition"
              label={t('designer.condition')}
              validateStatus={conditionProblem ? 'error' : undefined}
              help={conditionProblem ? t('designer.badCondition', { detail: conditionProblem }) : undefined}
            >
              <Input.TextArea
                data-testid="designer-condition"
                rows={3}
                spellCheck={false}
                disabled={readOnly || isDefault}
                placeholder="money >= 5000"
                style={{ fontFamily: 'monospace' }}
              />
            </Form.Item>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} data-testid="designer-condition-hint">
              {t('designer.conditionHint')}
            </Typography.Paragraph>
          </>
        )}
      </Form>
    </div>
  );
}
