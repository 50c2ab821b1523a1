// The approval page kind (issue 6): one document read-only with the same form its list opens,
// rendered with the schema version it was saved under; its approval status, process and current
// step; the history (node, person, decision, comment, time); and what the caller may do now —
// approve, reject (with a comment), transfer, comment on an open task of theirs, withdraw their own
// application before anyone approved it, print it.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DocumentBudget } from '../../validators/document-budget.ts';
import { Alert, Button, Card, Col, Descriptions, Input, Modal, Result, Row, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { createForm, onFormInit } from '@formily/core';
import { useRenderer } from '../context.tsx';
import { formatDate, thousands } from '../format.ts';
import { dictTypesOf } from '../dicts.ts';
import { TAG_COLORS } from '../list/columns.tsx';
import { rt, schemaText, type RendererTextKey } from '../texts.ts';
import { documentTitle, titleSeparator } from '../../validators/locale.ts';
import { meetingRecordState } from '../../validators/meeting-record.ts';
import type { DictEntry, FormSchema, PublicEntity, Row as Doc } from '../types.ts';
import { buildFormSchema, defaultForm } from '../form/build.ts';
import FormBody from '../form/FormBody.tsx';
import { usePhone } from '../phone.ts';
import { useComponentsOf } from '../form/components.tsx';
import { withFileLists } from '../form/useSchemaForm.ts';
import { installFormily } from '../form/locale.ts';
import { MEETING_FIELDS, meetingEffects, meetingSettings, meetingSubmitCheck, withMeetingSection } from '../form/meeting.ts';
import { RefPicker } from '../form/RefPicker.tsx';
import DocumentHistory from '../detail/DocumentHistory.tsx';

export const COMMENT_MAX = 500;
/** The document's labels line up at one width, whatever share of the grid a field takes. */
const LABEL_WIDTH = 110;

/** GET /workflow/instance/business: the document, its newest instance, open tasks, history. */
export interface BusinessAnswer {
  document: Doc;
  schemaVersion: string | null;
  instance: {
    id: number;
    status: string;
    processKey: string;
    /** The deployed definition's name, as the designer gave it. */
    processName: string;
    version: number;
    currentNodes: string | null;
    starterId: number;
    createdAt: string;
  } | null;
  /** `meetingRecord`: the task is the extension node, where its approver attaches the minutes. */
  /** `escalation`: why the step is not with whom its rule names (segregation of duties), in the reader's language. */
  /** `reason`: why the step is there at all (the process's nk:reason: the threshold, the amount), in the reader's language. */
  /** `countersign`: one of the tasks of a step every one of whose candidates decides. */
  tasks: Array<{
    id: number;
    name: string;
    canAct: boolean;
    meetingRecord?: boolean;
    escalation?: string | null;
    reason?: string | null;
    countersign?: boolean;
  }>;
  canWithdraw: boolean;
  /** The document was copied to the reader (抄送): to read, never to decide. */
  copiedToMe?: boolean;
  history: Array<{
    id: number;
    node: string;
    /** Why the step decided here was there (the process's nk:reason). */
    reason?: string | null;
    userName: string;
    decision: string;
    comment: string | null;
    time: string;
  }>;
  /** What the document raised for its approvers (a warning word, over a standard): level 2 red, 1 yellow. */
  warnings?: Array<{ id: number; type: string; level: string; released: boolean; text: string }>;
  /** A pending document's indicator: available now, and after this document (or before its freeze). */
  budget?: DocumentBudget | null;
  /** A pending consumable request's lines against the warehouse (server/modules/stock/available.ts). */
  stock?: Array<{ productId: number; productName: string; quantity: number; onHand: number; reserved: number; available: number }> | null;
}

/** The indicator's figures beside the document: before and after it, in the reader's words. */
function BudgetFigures({ budget, language }: { budget: DocumentBudget; language: string }) {
  const t = (k: RendererTextKey, p?: Record<string, string | number>) => rt(language, k, p);
  const money = (v: string) => thousands(v, 2, language);
  const short = !budget.frozen && Number(budget.availableAfter) < 0;
  const items: Array<{ key: string; label: ReactNode; children: ReactNode }> = [
    {
      key: 'indicator',
      label: t('budgetIndicator'),
      children: [
        `${budget.limitCode} ${budget.budgetName}`,
        [budget.economicClassLabel, budget.deptName].filter(Boolean).join(' · '),
      ]
        .filter(Boolean)
        .join(language.startsWith('zh') ? '，' : ', '),
    },
    budget.frozen
      ? {
          key: 'before',
          label: t('budgetBefore'),
          children: <span data-testid="budget-before">{money(budget.availableBefore)}</span>,
        }
      : {
          key: 'now',
          label: t('budgetAvailable'),
          children: <span data-testid="budget-available">{money(budget.available)}</span>,
        },
    {
      key: 'amount',
      label: t('budgetAmount'),
      children: (
        <span data-testid="budget-amount">
          {money(budget.amount)}
          {Number(budget.drawn) > 0 && (
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {language.startsWith('zh')
                ? `（${t('budgetDrawn', { amount: money(budget.drawn) })}）`
                : `(${t('budgetDrawn', { amount: money(budget.drawn) })})`}
            </Typography.Text>
          )}
        </span>
      ),
    },
    budget.frozen
      ? {
          key: 'now',
          label: t('budgetAvailable'),
          children: <span data-testid="budget-available">{money(budget.available)}</span>,
        }
      : {
          key: 'after',
          label: t('budgetAfter'),
          children: (
            <Typography.Text type={short ? 'danger' : undefined} data-testid="budget-after">
              {money(budget.availableAfter)}
            </Typography.Text>
          ),
        },
  ];
  return (
    <Card size="small" style={{ marginTop: 16 }} title={t('budgetTitle')} data-testid="approval-budget">
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 2, lg: 4, xl: 4, xxl: 4 }} items={items} />
      {budget.frozen && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('budgetFrozen')}
        </Typography.Text>
      )}
      {short && <Alert type="error" showIcon style={{ marginTop: 8 }} message={t('budgetShort')} />}
    </Card>
  );
}

/** GET /schema/approval/{entity}?version=: the entity and form as that version had them. */
export interface ApprovalBundle {
  entity: PublicEntity;
  form: FormSchema | null;
  print: boolean;
  version: string;
  texts: Record<string, Record<string, string>>;
}

type Task = BusinessAnswer['tasks'][number];
type Decision = 'approve' | 'reject' | 'transfer' | 'comment';

const DECISION_COLORS: Record<string, string> = {
  submit: 'blue',
  approve: 'green',
  reject: 'red',
  withdraw: 'gray',
  cancel: 'gray',
  transfer: 'blue',
  comment: 'blue',
};

const STATUS_DICT = 'sys_approval_status';
const DECISION_DICT = 'wf_decision';

/** A decision that needs words before it goes: a rejection says why; a comment is its words. */
export function missingComment(decision: Decision, comment: string): RendererTextKey | null {
  if (comment.trim()) return null;
  if (decision === 'reject') return 'rejectNeedsComment';
  if (decision === 'comment') return 'commentNeedsText';
  return null;
}

/** The open steps once each: a countersign step has one task per candidate, all of one name. */
function uniqueSteps<T extends { name: string }>(tasks: T[]): T[] {
  return tasks.filter((task, i) => tasks.findIndex((x) => x.name === task.name) === i);
}

/** What the page and its tab call the document (the rule the task lists use too). */
export const approvalTitle = documentTitle;

function dictLabel(entries: DictEntry[] | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return entries?.find((d) => d.dictValue === String(value))?.dictLabel ?? String(value);
}

function dictColor(entries: DictEntry[] | undefined, value: unknown): string | undefined {
  const entry = entries?.find((d) => d.dictValue === String(value));
  return entry ? TAG_COLORS[entry.listClass] : undefined;
}

export default function ApprovalPage({
  entity: entityName,
  id,
  onTitle,
}: {
  entity: string;
  id: string;
  /** Told the document's title once it is known (the app names the page's tab with it). */
  onTitle?: (title: string) => void;
}) {
  const env = useRenderer();
  installFormily(env.language);
  const [state, setState] = useState<{
    business?: BusinessAnswer;
    bundle?: ApprovalBundle;
    dicts?: Record<string, DictEntry[]>;
    error?: string;
  }>({});
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const business = await env.fetcher.get<BusinessAnswer>('workflow/instance/business', { entity: entityName, id });
      if (business.code !== '0') throw new Error(business.msg);
      // The document shows with the files it was saved under.
      const version = business.data.schemaVersion;
      const bundle = await env.fetcher.get<ApprovalBundle>(`schema/approval/${entityName}`, version ? { version } : {});
      if (bundle.code !== '0') throw new Error(bundle.msg);
      const dicts = await env.dicts([STATUS_DICT, DECISION_DICT, ...dictTypesOf(bundle.data.entity)]);
      if (!cancelled) setState({ business: business.data, bundle: bundle.data, dicts });
    })().catch((err) => !cancelled && setState({ error: env.errorText(err) }));
    return () => {
      cancelled = true;
    };
  }, [entityName, id, env.language, reloadKey]);

  if (state.error)
    return (
      <div data-testid="approval-error">
        <Result status="warning" title={state.error} />
      </div>
    );
  if (!state.business || !state.bundle) return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  return (
    <ApprovalView
      id={Number(id)}
      business={state.business}
      bundle={state.bundle}
      dicts={state.dicts ?? {}}
      onTitle={onTitle}
      onChanged={() => {
        setReloadKey((k) => k + 1);
        // The task list and the home page's card count again.
        window.dispatchEvent(new CustomEvent('schema:changed', { detail: { entity: 'wfTask' } }));
      }}
    />
  );
}

function ApprovalView({
  id,
  business,
  bundle,
  dicts,
  onTitle,
  onChanged,
}: {
  id: number;
  business: BusinessAnswer;
  bundle: ApprovalBundle;
  dicts: Record<string, DictEntry[]>;
  onTitle?: (title: string) => void;
  onChanged: () => void;
}) {
  const env = useRenderer();
  const language = env.language;
  const t = (k: RendererTextKey, p?: Record<string, string | number>) => rt(language, k, p);
  const { entity } = bundle;
  const { document: doc, instance, history } = business;
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [transfer, setTransfer] = useState<{ task: Task; userId: number | null } | null>(null);
  // The document's card: its content, or what the audit trail holds of it (issue 36).
  const [view, setView] = useState<'content' | 'trail'>('content');
  const phone = usePhone();

  const formFile = useMemo(
    () => withMeetingSection(bundle.form ?? defaultForm(entity), entity, language),
    [bundle, entity, language],
  );
  const meeting = useMemo(() => meetingSettings(formFile, entity, env.siteConfig), [formFile, entity, env.siteConfig]);
  // An approver at the extension node attaches the minutes here (spec section 4's audit-stage upload).
  const atExtensionNode = business.tasks.some((task) => task.canAct && task.meetingRecord);
  const form = useMemo(
    () =>
      createForm({
        initialValues: withFileLists(doc, bundle),
        readPretty: true,
        effects: () => {
          meetingEffects(meeting, { atExtensionNode })();
          if (atExtensionNode)
            onFormInit((f) => {
              for (const key of MEETING_FIELDS) f.setFieldState(key, (field) => void (field.pattern = 'editable'));
            });
        },
      }),
    [doc, bundle, meeting, atExtensionNode],
  );
  const schema = useMemo(
    () => buildFormSchema(formFile, entity, bundle.texts, language, dicts, true),
    [formFile, entity, bundle.texts, language, dicts],
  );
  useComponentsOf(schema);

  const kind = bundle.texts[entity.title]
    ? schemaText(bundle.texts, entity.title, language)
    : instance?.processName || schemaText(bundle.texts, entity.title, language);
  const title = approvalTitle(kind, entity.display ? doc[entity.display] : null, String(doc.id ?? id), language);
  useEffect(() => onTitle?.(title), [title, onTitle]);
  const status = doc.approvalStatus;
  const running = Boolean(instance && instance.status === 'running');
  const submitted = [...history].reverse().find((h) => h.decision === 'submit');
  const actable = business.tasks.filter((task) => task.canAct);
  const canPrint = bundle.print && env.hasPermission(`${entity.permission}:query`);

  const post = async (key: string, url: string, body: unknown, params?: Record<string, unknown>) => {
    setBusy(key);
    try {
      const answer = await env.fetcher.post(url, body, params);
      if (answer.code !== '0') {
        env.message.error(answer.msg);
        return false;
      }
      env.message.success(answer.msg);
      onChanged();
      return true;
    } catch (err) {
      env.message.error(env.errorText(err));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const act = async (task: Task, decision: Decision, userId?: number) => {
    const missing = missingComment(decision, comment);
    if (missing) {
      setCommentError(true);
      env.message.error(t(missing));
      return false;
    }
    const text = comment.trim();
    // The minutes go with the approval of the task they belong to; without them the rule may refuse.
    const values = form.values as Record<string, unknown>;
    const withMinutes =
      decision === 'approve' &&
      task.meetingRecord &&
      meeting !== null &&
      meetingRecordState(values, meeting, { atExtensionNode: true }).show;
    if (withMinutes && meetingSubmitCheck(values, meeting, { atExtensionNode: true }) === 'required') {
      env.message.error(t('meetingRequired'));
      return false;
    }
    // An entity with a decision call of its own (budgetAdjustApply/audit) is decided through it; an
    // approval that brings minutes goes through the task's call, which takes them.
    const own = entity.decide && (decision === 'approve' || decision === 'reject') && !withMinutes;
    const done = own
      ? await post(`${decision}:${task.id}`, `${entity.api}/${entity.decide}`, { id, decision, comment: text || null })
      : await post(`${decision}:${task.id}`, `workflow/task/${decision}`, {
          taskId: task.id,
          comment: text || null,
          ...(userId ? { userId } : {}),
          ...(withMinutes
            ? {
                meetingRecordId: values.meetingRecordId ?? null,
                extend: { meetingRecordFileList: JSON.stringify(values.meetingRecordFileList ?? []) },
              }
            : {}),
        });
    if (done) {
      setComment('');
      setCommentError(false);
    }
    return done;
  };

  const withdraw = () =>
    env.modal.confirm({
      title: t('withdraw'),
      content: t('withdrawConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: () => post('withdraw', `${entity.api}/withdraw`, { id, ids: [id] }, { id }),
    });

  const header: Array<{ key: string; label: ReactNode; children: ReactNode }> = [
    {
      key: 'process',
      label: t('process'),
      children: instance ? `${instance.processName || instance.processKey} v${instance.version}` : '—',
    },
    {
      key: 'step',
      label: t('currentStep'),
      children: !instance ? t('notSubmitted') : running ? instance.currentNodes || '—' : t('ended'),
    },
    { key: 'applicant', label: t('applicant'), children: submitted?.userName ?? '—' },
    { key: 'submitted', label: t('submittedAt'), children: submitted ? formatDate(submitted.time) : '—' },
  ];

  return (
    <div
      className={`approval-page${phone && (actable.length > 0 || business.canWithdraw) ? ' nk-approval-page-barred' : ''}`}
      data-testid="approval-page"
    >
      <Card className="approval-header" data-testid="approval-header">
        <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <div style={{ minWidth: 0, flex: '1 1 480px' }}>
            <Space size={12} align="center" wrap>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="approval-title">
                {title}
              </Typography.Title>
              {status !== undefined && status !== null && (
                <Tag color={dictColor(dicts[STATUS_DICT], status)} data-testid="approval-status" style={{ marginInlineEnd: 0 }}>
                  {dictLabel(dicts[STATUS_DICT], status)}
                </Tag>
              )}
            </Space>
            <Descriptions
              size="small"
              style={{ marginTop: 12 }}
              column={{ xs: 1, sm: 2, md: 2, lg: 4, xl: 4, xxl: 4 }}
              items={header}
              data-testid="approval-meta"
            />
          </div>
          <Space wrap>
            {canPrint && (
              <Button
                icon={<PrinterOutlined />}
                onClick={() => env.navigate(`/print/${entity.name}/${id}`)}
                data-testid="approval-print"
              >
                {t('print')}
              </Button>
            )}
            <Button icon={<ArrowLeftOutlined />} onClick={() => window.history.back()}>
              {t('back')}
            </Button>
          </Space>
        </div>
      </Card>
      {business.warnings?.length ? (
        <Card size="small" style={{ marginTop: 16 }} title={t('warningsTitle')} data-testid="approval-warnings">
          <Space direction="vertical" style={{ width: '100%' }}>
            {business.warnings.map((w) => (
              <Alert
                key={w.id}
                showIcon
                type={w.released ? 'info' : w.level === '2' ? 'error' : 'warning'}
                message={
                  !w.released
                    ? w.text
                    : env.language.startsWith('zh')
                      ? `${w.text}（${t('warningReleased')}）`
                      : `${w.text} (${t('warningReleased')})`
                }
                data-testid="approval-warning"
              />
            ))}
          </Space>
        </Card>
      ) : null}
      {business.budget ? <BudgetFigures budget={business.budget} language={language} /> : null}
      {business.stock?.length ? (
        <Card size="small" style={{ marginTop: 16 }} title={t('stockTitle')} data-testid="approval-stock">
          <Descriptions size="small" column={1}>
            {business.stock.map((l) => (
              <Descriptions.Item key={l.productId} label={l.productName}>
                <Typography.Text type={l.quantity > l.available ? 'danger' : undefined}>
                  {`${t('stockAsked')} ${l.quantity} · ${t('stockOnHand')} ${l.onHand} · ${t('stockReserved')} ${l.reserved} · ${t('stockAvailable')} ${l.available}`}
                </Typography.Text>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ) : null}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14} xl={15} xxl={16}>
          <Card
            data-testid="approval-document"
            {...(entity.trail
              ? {
                  tabList: [
                    { key: 'content', tab: t('documentContent') },
                    { key: 'trail', tab: <span data-testid="approval-trail-tab">{t('trailTab')}</span> },
                  ],
                  activeTabKey: view,
                  onTabChange: (key: string) => setView(key as 'content' | 'trail'),
                }
              : { title: t('documentContent') })}
          >
            <div data-testid="approval-form" style={view === 'trail' ? { display: 'none' } : undefined}>
              <FormBody form={form} schema={schema} labelWidth={LABEL_WIDTH} />
            </div>
            {view === 'trail' && <DocumentHistory entity={entity.name} id={id} />}
          </Card>
        </Col>
        <Col xs={24} lg={10} xl={9} xxl={8}>
          {(actable.length > 0 || business.canWithdraw) && (
            <Card
              title={t('actionsTitle')}
              extra={actable.length === 1 ? <Typography.Text type="secondary">{actable[0]!.name}</Typography.Text> : null}
              style={{ marginBottom: 16 }}
              // On a phone the decisions are a bar at the bottom of the screen (phone.css), in
              // reach without scrolling past the document.
              className={phone ? 'nk-approval-bar' : undefined}
              data-testid="approval-actions"
            >
              {actable.length > 0 && (
                <Input.TextArea
                  value={comment}
                  onChange={(e) => {
                    setComment(e.target.value);
                    if (e.target.value.trim()) setCommentError(false);
                  }}
                  maxLength={COMMENT_MAX}
                  showCount={!phone}
                  autoSize={phone ? { minRows: 1, maxRows: 3 } : { minRows: 3, maxRows: 8 }}
                  placeholder={t('commentPlaceholder')}
                  status={commentError ? 'error' : undefined}
                  data-testid="approval-comment"
                />
              )}
              {actable.map((task) => (
                <div key={task.id} style={{ marginTop: phone ? 8 : 20 }}>
                  {actable.length > 1 && (
                    <div style={{ marginBottom: 8 }}>
                      <Typography.Text type="secondary">{t('taskOf', { name: task.name })}</Typography.Text>
                    </div>
                  )}
                  <Space wrap>
                    <Button
                      type="primary"
                      loading={busy === `approve:${task.id}`}
                      disabled={busy !== null}
                      onClick={() => void act(task, 'approve')}
                      data-testid="approval-approve"
                    >
                      {t('approve')}
                    </Button>
                    <Button
                      danger
                      loading={busy === `reject:${task.id}`}
                      disabled={busy !== null}
                      onClick={() => void act(task, 'reject')}
                      data-testid="approval-reject"
                    >
                      {t('reject')}
                    </Button>
                    <Button
                      disabled={busy !== null}
                      onClick={() => setTransfer({ task, userId: null })}
                      data-testid="approval-transfer"
                    >
                      {t('transfer')}
                    </Button>
                    <Button
                      loading={busy === `comment:${task.id}`}
                      disabled={busy !== null}
                      onClick={() => void act(task, 'comment')}
                      data-testid="approval-comment-button"
                    >
                      {t('commentAction')}
                    </Button>
                  </Space>
                </div>
              ))}
              {business.canWithdraw && (
                <div style={{ marginTop: actable.length ? 16 : 0 }}>
                  <Button
                    loading={busy === 'withdraw'}
                    disabled={busy !== null}
                    onClick={withdraw}
                    data-testid="approval-withdraw"
                  >
                    {t('withdraw')}
                  </Button>
                </div>
              )}
            </Card>
          )}
          <Card title={t('approvals')} data-testid="approval-history">
            {business.copiedToMe && (
              <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('copiedToYou')} data-testid="approval-copied" />
            )}
            {running &&
              uniqueSteps(business.tasks).map((task) => (
                <div key={task.id} style={{ marginBottom: 8 }} data-testid="approval-open-step">
                  <Space size={6} wrap>
                    <Typography.Text strong>{task.name}</Typography.Text>
                    {task.countersign && (
                      <Tag color="purple" style={{ marginInlineEnd: 0 }} data-testid="approval-countersign">
                        {t('countersign')}
                      </Tag>
                    )}
                  </Space>
                  {task.reason && (
                    <div>
                      <Typography.Text type="secondary" data-testid="approval-reason">
                        {task.reason}
                      </Typography.Text>
                    </div>
                  )}
                  {task.countersign && (
                    <div>
                      <Typography.Text type="secondary">
                        {t('countersignHint', { n: business.tasks.filter((x) => x.name === task.name).length })}
                      </Typography.Text>
                    </div>
                  )}
                </div>
              ))}
            {running &&
              business.tasks
                .filter((task) => task.escalation)
                .map((task) => (
                  <Alert
                    key={task.id}
                    type="info"
                    showIcon
                    style={{ marginBottom: 12 }}
                    message={`${task.name}${titleSeparator(language)}${task.escalation}`}
                    data-testid="approval-escalation"
                  />
                ))}
            {history.length ? (
              <Timeline
                style={{ marginTop: 8 }}
                pending={
                  running && business.tasks.length
                    ? t('waiting', {
                        nodes: uniqueSteps(business.tasks)
                          .map((x) => x.name)
                          .join('、'),
                      })
                    : undefined
                }
                items={history.map((h) => ({
                  key: h.id,
                  color: DECISION_COLORS[h.decision] ?? 'blue',
                  children: (
                    <div data-testid="history-item">
                      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                        <Typography.Text strong>{h.node}</Typography.Text>
                        <Tag color={DECISION_COLORS[h.decision]} style={{ marginInlineEnd: 0 }}>
                          {dictLabel(dicts[DECISION_DICT], h.decision)}
                        </Tag>
                      </div>
                      {h.reason && (
                        <div>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="history-reason">
                            {h.reason}
                          </Typography.Text>
                        </div>
                      )}
                      <div style={{ marginTop: 2 }}>
                        <Typography.Text data-testid="history-user">{h.userName}</Typography.Text>
                        <Typography.Text type="secondary" style={{ marginLeft: 12, fontSize: 12 }}>
                          {formatDate(h.time)}
                        </Typography.Text>
                      </div>
                      {h.comment && (
                        <div
                          style={{
                            marginTop: 6,
                            padding: '6px 10px',
                            background: '#fafafa',
                            borderRadius: 4,
                            whiteSpace: 'pre-wrap',
                            wordBreak: 'break-word',
                          }}
                          data-testid="history-comment"
                        >
                          {h.comment}
                        </div>
                      )}
                    </div>
                  ),
                }))}
              />
            ) : (
              <Typography.Text type="secondary">{t('noApprovals')}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      <Modal
        open={transfer !== null}
        title={t('transfer')}
        okText={t('ok')}
        cancelText={t('cancel')}
        onCancel={() => setTransfer(null)}
        okButtonProps={{ loading: busy?.startsWith('transfer') ?? false, 'data-testid': 'transfer-ok' } as never}
        onOk={async () => {
          if (!transfer) return;
          if (!transfer.userId) return void env.message.error(t('transferPick'));
          if (await act(transfer.task, 'transfer', transfer.userId)) setTransfer(null);
        }}
        destroyOnHidden
      >
        <div style={{ marginBottom: 8 }}>{t('transferTo')}</div>
        <div data-testid="transfer-picker">
          <RefPicker
            api="/core/user"
            display="realName"
            pick="pageOfBase"
            allowClear
            placeholder={t('transferPick')}
            style={{ width: '100%' }}
            value={transfer?.userId ?? null}
            onChange={(v) => setTransfer((x) => (x ? { ...x, userId: typeof v === 'number' ? v : null } : x))}
          />
        </div>
        {comment.trim() && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('comment')}：{comment.trim()}
          </Typography.Paragraph>
        )}
      </Modal>
    </div>
  );
}
