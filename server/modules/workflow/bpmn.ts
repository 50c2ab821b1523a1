// Reading and checking a BPMN 2.0 model before it is deployed (issue 6): one executable process,
// a start event, an end event, every user task named and with a candidate rule, every gateway
// condition written in the product's expression language (never JavaScript), every node reachable
// from the start and able to reach an end. Candidate rules are attributes in our namespace:
//   <bpmn:userTask name="部门负责人审批" nk:candidateType="deptLeader" />
//   <bpmn:userTask name="财务审核" nk:candidateType="role" nk:candidates="accountant,cashier" />
// candidateType: role (role keys), user (user ids), deptLeader (the applicant's department's
// leader), namedDeptLeader (the leader of department nk:candidates), starter (the applicant).
// nk:meetingRecord="true" marks the extension node of the meeting-record rule.
// nk:allowRepeat="true" lets whoever decided an earlier step of the document decide this one too
// (DOMAIN.md "Controls": no one decides two steps, unless the site allows it for a named step).
// nk:escalateTo="partySecretary" names the roles that decide the step when everyone its rule names
// is excluded by those duties (the principal's own claim goes to the party secretary), before the
// leaders up the applicant's department tree and the site's administrators (./duties.ts).
// Approval chains (issue 33, docs/decisions.md "Approval chains"):
// - a condition reads a site setting by name, never a literal threshold:
//   money >= setting('approval.headThreshold'); a candidate list entry may name a setting whose
//   value is the list (nk:candidates="setting:approval.owningRole.purchase");
// - nk:reason="approval.reason.head" (a text key of the schemas' i18n.json) says why the step is
//   there, with the values it names: nk:reasonValues="threshold=setting('approval.headThreshold');
//   amount=max(money, amount)" (name=expression, separated by ';'), worked out when the step opens;
// - nk:countersign="all": every candidate decides (one task each); one rejection rejects;
// - nk:copyTo="role:auditor,user:12,setting:approval.copyTo.contract": told when the step opens,
//   to read the document, never to decide it.
// - nk:batch="false" (issue 34): the step is never approved in a batch of the task list.
import BpmnModdle from 'bpmn-moddle';
import { conditionError, expressionError, settingNames, type ExpressionScope } from '../../../validators/expression/check.ts';

export const NK_NAMESPACE = 'http://neikong.dev/schema/bpmn';
export const CANDIDATE_TYPES = ['role', 'user', 'deptLeader', 'namedDeptLeader', 'starter'] as const;
export type CandidateType = (typeof CANDIDATE_TYPES)[number];

export interface TaskNode {
  id: string;
  name: string;
  candidateType: CandidateType;
  candidates: string[];
  /**
   * The extension node of the meeting-record rule (spec section 4, `nk:meetingRecord="true"`):
   * where minutes are attached and, when the site says so, required. A process that marks no task
   * has every task count, so its first approver is the one who sees to them.
   */
  meetingRecord?: boolean;
  /** Whoever decided an earlier step of the document may decide this one too (`nk:allowRepeat="true"`). */
  allowRepeat?: boolean;
  /** Role keys deciding the step when all its candidates are excluded by the duties (`nk:escalateTo`). */
  escalateTo?: string[];
  /** Every candidate decides (`nk:countersign="all"`): one task each; the step passes when all approved. */
  countersign?: boolean;
  /** Why the step is there: a text key and its values, name → expression (`nk:reason`, `nk:reasonValues`). */
  reason?: { key: string; values: Record<string, string> };
  /** Who is told when the step opens, without deciding it (`nk:copyTo`: role:<key>, user:<id>, setting:<key>). */
  copyTo?: string[];
  /** The step is decided one document at a time, never in a batch of the task list (`nk:batch="false"`, issue 34). */
  noBatch?: boolean;
}

/** A list entry naming the setting that holds the list (`setting:approval.owningRole.purchase`). */
export const SETTING_ENTRY = /^setting:([a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)+)$/;
/** A list attribute's entries with every `setting:<key>` replaced by the entries its value lists. */
export function expandSettings(entries: string[], settings: Record<string, unknown>): string[] {
  return entries.flatMap((e) => {
    const m = SETTING_ENTRY.exec(e);
    if (!m) return [e];
    return String(settings[m[1]!] ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  });
}

/** An entry of nk:copyTo. */
const COPY_ENTRY = /^(role:[A-Za-z][A-Za-z0-9_-]{0,63}|user:\d{1,12}|setting:[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+)$/;
const REASON_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;
const VALUE_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** nk:reasonValues: 'threshold=setting(...); amount=money' → { threshold: 'setting(...)', amount: 'money' }, null when malformed. */
export function reasonValuesOf(text: string | undefined): Record<string, string> | null;
/** The same, checked against the names a scope binds (schemas:check): the fault as a sentence when malformed. */
export function reasonValuesOf(text: string | undefined, scope: ExpressionScope): Record<string, string> | string;
export function reasonValuesOf(text: string | undefined, scope?: ExpressionScope): Record<string, string> | string | null {
  const values: Record<string, string> = {};
  for (const part of (text ?? '').split(';')) {
    if (!part.trim()) continue;
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    const expression = part.slice(at + 1).trim();
    const bad =
      at < 1 || !VALUE_NAME.test(name) || !expression
        ? `"${part.trim()}": name=expression; … expected`
        : expressionError(expression, scope ?? { settings: true });
    if (bad) return scope ? (bad.startsWith('"') ? bad : `${name}: ${bad}`) : null;
    values[name] = expression;
  }
  return values;
}

export interface ProcessModel {
  processKey: string;
  name: string;
  /** User tasks by element id: what a task needs when the engine reaches it. */
  tasks: Record<string, TaskNode>;
  /** The site settings the process reads (conditions, candidates, copies, reasons), by name. */
  settings: string[];
}

export interface Problem {
  /** What the message names: the element's name where it has one, else its id ('' for the whole model). */
  element: string;
  /** The element's id where the problem is at one element (schemas:check points at `#id`); runtime messages use `element`. */
  id?: string;
  /** A message key of server/platform/messages.ts. */
  key:
    | 'workflow.badXml'
    | 'workflow.noProcess'
    | 'workflow.noStart'
    | 'workflow.noEnd'
    | 'workflow.taskUnnamed'
    | 'workflow.noCandidate'
    | 'workflow.badCondition'
    | 'workflow.unreachable'
    | 'workflow.deadEnd'
    | 'workflow.unsupported'
    | 'workflow.badKey'
    | 'workflow.badReason'
    | 'workflow.badCopyTo'
    | 'workflow.badCountersign';
}

/** Elements the engine runs for approvals; anything else is refused at deploy. */
const SUPPORTED = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:SequenceFlow',
]);

interface El {
  $type: string;
  id: string;
  name?: string;
  $attrs?: Record<string, string>;
  sourceRef?: El;
  targetRef?: El;
  conditionExpression?: { body?: string; language?: string };
  flowElements?: El[];
  isExecutable?: boolean;
}

const attr = (el: El, name: string) => el.$attrs?.[`nk:${name}`] ?? el.$attrs?.[name];

/** Whether a task is the extension node of its process (see TaskNode.meetingRecord). */
export function atExtensionNode(nodes: Record<string, TaskNode>, elementId: string): boolean {
  const marked = Object.values(nodes).filter((n) => n.meetingRecord);
  return marked.length ? marked.some((n) => n.id === elementId) : elementId in nodes;
}

export async function readModel(xml: string): Promise<{ model: ProcessModel | null; problems: Problem[] }> {
  const problems: Problem[] = [];
  let root: { rootElements?: El[] };
  try {
    root = (await new BpmnModdle().fromXML(xml)).rootElement as never;
  } catch {
    return { model: null, problems: [{ element: '', key: 'workflow.badXml' }] };
  }
  const processes = (root.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  if (processes.length !== 1) return { model: null, problems: [{ element: '', key: 'workflow.noProcess' }] };
  const process = processes[0]!;
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(process.id))
    problems.push({ element: process.id, id: process.id, key: 'workflow.badKey' });
  const elements = process.flowElements ?? [];
  const nodes = elements.filter((e) => e.$type !== 'bpmn:SequenceFlow');
  const flows = elements.filter((e) => e.$type === 'bpmn:SequenceFlow');
  for (const e of elements)
    if (!SUPPORTED.has(e.$type)) problems.push({ element: e.name || e.id, id: e.id, key: 'workflow.unsupported' });
  const starts = nodes.filter((n) => n.$type === 'bpmn:StartEvent');
  if (!starts.length) problems.push({ element: '', key: 'workflow.noStart' });
  if (!nodes.some((n) => n.$type === 'bpmn:EndEvent')) problems.push({ element: '', key: 'workflow.noEnd' });

  const tasks: Record<string, TaskNode> = {};
  const settings = new Set<string>();
  const listOf = (text: string | undefined) =>
    (text ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
  const named = (entries: string[]) => {
    for (const e of entries) {
      const m = SETTING_ENTRY.exec(e);
      if (m) settings.add(m[1]!);
    }
  };
  for (const n of nodes.filter((x) => x.$type === 'bpmn:UserTask')) {
    const name = (n.name ?? '').trim();
    if (!name) problems.push({ element: n.id, id: n.id, key: 'workflow.taskUnnamed' });
    const type = attr(n, 'candidateType') as CandidateType | undefined;
    const candidates = (attr(n, 'candidates') ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const needsList = type === 'role' || type === 'user' || type === 'namedDeptLeader';
    named(candidates);
    const reasonKey = attr(n, 'reason')?.trim();
    const reasonValues = reasonValuesOf(attr(n, 'reasonValues'));
    if (
      (reasonKey !== undefined && !REASON_KEY.test(reasonKey)) ||
      reasonValues === null ||
      (!reasonKey && attr(n, 'reasonValues')?.trim())
    )
      problems.push({ element: name || n.id, id: n.id, key: 'workflow.badReason' });
    for (const e of Object.values(reasonValues ?? {})) for (const k of settingNames(e)) settings.add(k);
    const copyTo = listOf(attr(n, 'copyTo'));
    if (copyTo.some((c) => !COPY_ENTRY.test(c))) problems.push({ element: name || n.id, id: n.id, key: 'workflow.badCopyTo' });
    named(copyTo);
    const countersign = attr(n, 'countersign')?.trim();
    if (countersign && countersign !== 'all') problems.push({ element: name || n.id, id: n.id, key: 'workflow.badCountersign' });
    if (!type || !CANDIDATE_TYPES.includes(type) || (needsList && !candidates.length)) {
      problems.push({ element: name || n.id, id: n.id, key: 'workflow.noCandidate' });
    } else
      tasks[n.id] = {
        id: n.id,
        name: name || n.id,
        candidateType: type,
        candidates,
        ...(attr(n, 'meetingRecord') === 'true' ? { meetingRecord: true } : {}),
        ...(attr(n, 'allowRepeat') === 'true' ? { allowRepeat: true } : {}),
        ...(attr(n, 'escalateTo')?.trim()
          ? {
              escalateTo: attr(n, 'escalateTo')!
                .split(',')
                .map((c) => c.trim())
                .filter(Boolean),
            }
          : {}),
        ...(countersign === 'all' ? { countersign: true } : {}),
        ...(reasonKey && REASON_KEY.test(reasonKey) ? { reason: { key: reasonKey, values: reasonValues ?? {} } } : {}),
        ...(copyTo.length ? { copyTo } : {}),
        ...(attr(n, 'batch') === 'false' ? { noBatch: true } : {}),
      };
  }
  for (const f of flows) {
    const c = f.conditionExpression;
    if (!c) continue;
    // A script language would run code; only the expression language is taken.
    if (c.language || !c.body?.trim()) {
      problems.push({ element: f.name || f.id, id: f.id, key: 'workflow.badCondition' });
      continue;
    }
    // It must parse and call only the language's functions (process.exit() parses, and would fail
    // later); a site setting is read by its quoted name.
    if (conditionError(c.body, { settings: true }))
      problems.push({ element: f.name || f.id, id: f.id, key: 'workflow.badCondition' });
    for (const k of settingNames(c.body)) settings.add(k);
  }

  // Every node reachable from a start, and every node able to reach an end.
  const next = new Map<string, string[]>();
  const prev = new Map<string, string[]>();
  for (const f of flows) {
    if (!f.sourceRef || !f.targetRef) continue;
    next.set(f.sourceRef.id, [...(next.get(f.sourceRef.id) ?? []), f.targetRef.id]);
    prev.set(f.targetRef.id, [...(prev.get(f.targetRef.id) ?? []), f.sourceRef.id]);
  }
  const walk = (from: string[], edges: Map<string, string[]>) => {
    const seen = new Set(from);
    const queue = [...from];
    while (queue.length) for (const to of edges.get(queue.shift()!) ?? []) if (!seen.has(to)) seen.add(to) && queue.push(to);
    return seen;
  };
  const reached = walk(
    starts.map((s) => s.id),
    next,
  );
  const ending = walk(
    nodes.filter((n) => n.$type === 'bpmn:EndEvent').map((n) => n.id),
    prev,
  );
  for (const n of nodes) {
    if (!reached.has(n.id)) problems.push({ element: n.name || n.id, id: n.id, key: 'workflow.unreachable' });
    else if (!ending.has(n.id)) problems.push({ element: n.name || n.id, id: n.id, key: 'workflow.deadEnd' });
  }
  return { model: { processKey: process.id, name: process.name || process.id, tasks, settings: [...settings].sort() }, problems };
}

/** A new model's starting diagram: start → one approval by the department leader → end. */
export function starterXml(key: string, name: string): string {
  const esc = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:nk="${NK_NAMESPACE}" id="Definitions_${esc(key)}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${esc(key)}" name="${esc(name)}" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="flow_1" sourceRef="start" targetRef="leader" />
    <bpmn:userTask id="leader" name="部门负责人审批" nk:candidateType="deptLeader" />
    <bpmn:sequenceFlow id="flow_2" sourceRef="leader" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="diagram">
    <bpmndi:BPMNPlane id="plane" bpmnElement="${esc(key)}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="leader_di" bpmnElement="leader"><dc:Bounds x="240" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="392" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flow_1_di" bpmnElement="flow_1"><di:waypoint x="188" y="120" /><di:waypoint x="240" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_2_di" bpmnElement="flow_2"><di:waypoint x="340" y="120" /><di:waypoint x="392" y="120" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
