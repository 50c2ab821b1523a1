// What the process designer adds to bpmn-js: the nk namespace (candidate rules on user tasks), a
// palette and context pad limited to what the engine runs (start, end, approval task, exclusive
// and parallel gateways), approval tasks instead of plain tasks, and the tool titles translated.
import i18n from '../../locales/index.ts';

export const NK_NAMESPACE = 'http://neikong.dev/schema/bpmn';

/** The moddle descriptor: the candidate rule and the duties' escalation as attributes of bpmn:UserTask. */
export const nkModdle = {
  name: 'Neikong',
  uri: NK_NAMESPACE,
  prefix: 'nk',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'Candidates',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'candidateType', isAttr: true, type: 'String' },
        { name: 'candidates', isAttr: true, type: 'String' },
        // Segregation of duties (server/modules/workflow/duties.ts).
        { name: 'escalateTo', isAttr: true, type: 'String' },
        { name: 'allowRepeat', isAttr: true, type: 'String' },
        // Approval chains (server/modules/workflow/bpmn.ts): why the step is there, all candidates
        // deciding, and who is told without deciding (抄送).
        { name: 'reason', isAttr: true, type: 'String' },
        { name: 'reasonValues', isAttr: true, type: 'String' },
        { name: 'countersign', isAttr: true, type: 'String' },
        { name: 'copyTo', isAttr: true, type: 'String' },
        // Whether the task list's batch approval may decide this step (server/modules/workflow/service.ts).
        { name: 'batch', isAttr: true, type: 'String' },
      ],
    },
  ],
};

interface Entry {
  group?: string;
  className?: string;
  title?: string;
  separator?: boolean;
  action?: unknown;
}
type Entries = Record<string, Entry>;
interface ElementFactory {
  createShape(attrs: { type: string }): unknown;
}
interface Create {
  start(event: Event, shape: unknown, context?: Record<string, unknown>): void;
}
interface AutoPlace {
  append(source: unknown, shape: unknown): unknown;
}
type Translate = (template: string, replacements?: Record<string, string>) => string;

const PALETTE_KEPT = new Set([
  'hand-tool',
  'lasso-tool',
  'space-tool',
  'global-connect-tool',
  'tool-separator',
  'create.start-event',
  'create.end-event',
  'create.exclusive-gateway',
]);

function NkPalette(
  palette: { registerProvider(priority: number, provider: unknown): void },
  create: Create,
  elementFactory: ElementFactory,
  translate: Translate,
) {
  const creating = (type: string) => (event: Event) => create.start(event, elementFactory.createShape({ type }));
  palette.registerProvider(500, {
    getPaletteEntries: () => (entries: Entries) => {
      const kept: Entries = Object.fromEntries(Object.entries(entries).filter(([key]) => PALETTE_KEPT.has(key)));
      kept['create.parallel-gateway'] = {
        group: 'gateway',
        className: 'bpmn-icon-gateway-parallel',
        title: translate('Create parallel gateway'),
        action: { dragstart: creating('bpmn:ParallelGateway'), click: creating('bpmn:ParallelGateway') },
      };
      kept['create.user-task'] = {
        group: 'activity',
        className: 'bpmn-icon-user-task',
        title: translate('Create user task'),
        action: { dragstart: creating('bpmn:UserTask'), click: creating('bpmn:UserTask') },
      };
      return kept;
    },
  });
}
NkPalette.$inject = ['palette', 'create', 'elementFactory', 'translate'];

function NkContextPad(
  contextPad: { registerProvider(priority: number, provider: unknown): void },
  create: Create,
  elementFactory: ElementFactory,
  autoPlace: AutoPlace,
  translate: Translate,
) {
  const userTask = () => elementFactory.createShape({ type: 'bpmn:UserTask' });
  contextPad.registerProvider(500, {
    getContextPadEntries: () => (entries: Entries) => {
      delete entries['append.intermediate-event'];
      if (entries['append.append-task']) {
        entries['append.append-task'] = {
          group: 'model',
          className: 'bpmn-icon-user-task',
          title: translate('Append user task'),
          action: {
            click: (_event: Event, source: unknown) => autoPlace.append(source, userTask()),
            dragstart: (event: Event, source: unknown) => create.start(event, userTask(), { source }),
          },
        };
      }
      return entries;
    },
  });
}
NkContextPad.$inject = ['contextPad', 'create', 'elementFactory', 'autoPlace', 'translate'];

/**
 * bpmn-js's tool titles in the four languages (zh-CN, zh-TW, en-US, pt-BR). They live here, in the
 * designer's lazy chunk, rather than in src/locales, which every page (the login page too) loads.
 */
const TOOL_TITLES: Record<string, [string, string, string, string]> = {
  'Activate hand tool': ['抓手工具', '抓手工具', 'Hand tool', 'Ferramenta mão'],
  'Activate lasso tool': ['框选工具', '框選工具', 'Lasso tool', 'Ferramenta laço'],
  'Activate create/remove space tool': ['插入/删除空间', '插入/刪除空間', 'Create/remove space', 'Criar/remover espaço'],
  'Activate global connect tool': ['连线工具', '連線工具', 'Connect tool', 'Ferramenta de conexão'],
  'Create start event': ['开始事件', '開始事件', 'Start event', 'Evento de início'],
  'Create end event': ['结束事件', '結束事件', 'End event', 'Evento de fim'],
  'Create gateway': [
    '排他网关（条件分支）',
    '排他閘道（條件分支）',
    'Exclusive gateway (conditions)',
    'Gateway exclusivo (condições)',
  ],
  'Create parallel gateway': ['并行网关', '平行閘道', 'Parallel gateway', 'Gateway paralelo'],
  'Create user task': ['审批节点', '審批節點', 'Approval step', 'Etapa de aprovação'],
  'Append end event': ['追加结束事件', '追加結束事件', 'Append end event', 'Anexar evento de fim'],
  'Append gateway': ['追加网关', '追加閘道', 'Append gateway', 'Anexar gateway'],
  'Append user task': ['追加审批节点', '追加審批節點', 'Append approval step', 'Anexar etapa de aprovação'],
  'Add text annotation': ['添加注释', '新增註解', 'Add annotation', 'Adicionar anotação'],
  'Change element': ['更改类型', '變更類型', 'Change type', 'Mudar tipo'],
  'Connect to other element': ['连线到其他元素', '連線到其他元素', 'Connect to another element', 'Ligar a outro elemento'],
  Delete: ['删除', '刪除', 'Delete', 'Excluir'],
};
const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'];

function translate(template: string, replacements: Record<string, string> = {}) {
  const titles = TOOL_TITLES[template];
  const index = LANGUAGES.indexOf(i18n.language);
  const text = titles?.[index < 0 ? 2 : index] ?? template;
  return text.replace(/{([^}]+)}/g, (whole, name: string) => replacements[name] ?? whole);
}

export const designerModule = {
  __init__: ['nkPalette', 'nkContextPad'],
  nkPalette: ['type', NkPalette],
  nkContextPad: ['type', NkContextPad],
  translate: ['value', translate],
};

export { conditionError } from '../../../validators/expression/check.ts';

/** A diagram for a model saved without one: the process and its start event. */
export function emptyDiagram(key: string, name: string): string {
  const esc = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:nk="${NK_NAMESPACE}" id="Definitions_${esc(key)}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${esc(key)}" name="${esc(name)}" isExecutable="true">
    <bpmn:startEvent id="start" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="diagram">
    <bpmndi:BPMNPlane id="plane" bpmnElement="${esc(key)}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
