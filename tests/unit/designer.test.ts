// The designer's half of the BPMN contract: the nk moddle extension reads and writes candidate rules
// as the server's checker expects them, and conditions are checked with the runtime's language.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import BpmnModdle from 'bpmn-moddle';
import { conditionError, emptyDiagram, nkModdle } from '../../src/views/workflow/designerModule.ts';
import { readModel } from '../../server/modules/workflow/bpmn.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Element {
  $type: string;
  id: string;
  name?: string;
  flowElements?: Element[];
  rootElements?: Element[];
  conditionExpression?: { body: string };
  get(name: string): unknown;
  set(name: string, value: unknown): void;
}
type Moddle = {
  fromXML(xml: string): Promise<{ rootElement: Element; warnings: unknown[] }>;
  toXML(element: Element, options?: { format?: boolean }): Promise<{ xml: string }>;
  create(type: string, attrs?: Record<string, unknown>): Element;
};

const moddle = () => new BpmnModdle({ nk: nkModdle }) as unknown as Moddle;

describe('designer BPMN contract', () => {
  it('reads candidate rules of the seeded leave process as properties, and writes them back as nk attributes', async () => {
    const xml = fs.readFileSync(path.join(ROOT, 'schemas/leave/leave.bpmn'), 'utf8');
    const { rootElement, warnings } = await moddle().fromXML(xml);
    expect(warnings).toEqual([]);
    const process = rootElement.rootElements!.find((e) => e.$type === 'bpmn:Process')!;
    const byId = new Map(process.flowElements!.map((e) => [e.id, e]));
    expect(byId.get('leader')!.get('nk:candidateType')).toBe('deptLeader');
    expect(byId.get('principal')!.get('nk:candidates')).toBe('principal');

    // What the panel does: a named department's leader, and a condition.
    const leader = byId.get('leader')!;
    leader.set('nk:candidateType', 'namedDeptLeader');
    leader.set('nk:candidates', '7');
    // And the duties' settings of a step (server/modules/workflow/duties.ts).
    leader.set('nk:escalateTo', 'partySecretary,deputy');
    leader.set('nk:allowRepeat', 'true');
    const m = moddle();
    byId
      .get('f_long')!
      .set('conditionExpression', m.create('bpmn:FormalExpression', { body: "days >= 5 && leaveType == 'sick'" }));
    const { xml: written } = await m.toXML(rootElement, { format: true });
    expect(written).toContain('nk:candidateType="namedDeptLeader" nk:candidates="7"');
    expect(written).toContain(
      `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">days &gt;= 5 &amp;&amp; leaveType == 'sick'</bpmn:conditionExpression>`,
    );

    const { model, problems } = await readModel(written);
    expect(problems).toEqual([]);
    expect(model!.tasks.leader).toMatchObject({
      candidateType: 'namedDeptLeader',
      candidates: ['7'],
      escalateTo: ['partySecretary', 'deputy'],
      allowRepeat: true,
    });
  });

  it('declares the nk namespace for a user task added to a diagram that had none', async () => {
    const m = moddle();
    const xml = emptyDiagram('trip', '出差审批').replace(' xmlns:nk="http://neikong.dev/schema/bpmn"', '');
    const { rootElement } = await m.fromXML(xml);
    const process = rootElement.rootElements!.find((e) => e.$type === 'bpmn:Process')!;
    const task = m.create('bpmn:UserTask', { id: 'boss', name: '主管审批' });
    task.set('nk:candidateType', 'starter');
    process.flowElements!.push(task);
    const { xml: written } = await m.toXML(rootElement);
    expect(written).toContain('xmlns:nk="http://neikong.dev/schema/bpmn"');
    expect(written).toContain('<bpmn:userTask id="boss" name="主管审批" nk:candidateType="starter" />');
  });

  it('checks conditions as the server does at deploy', async () => {
    expect(conditionError('')).toBeNull();
    expect(conditionError("money >= 5000 && majorFlag == '1'")).toBeNull();
    expect(conditionError('includes([1, 2], deptId)')).toBeNull();
    expect(conditionError('money >=')).toMatch(/at 8/);
    expect(conditionError('money => 1')).not.toBeNull();
    expect(conditionError('function () { return 1 }')).not.toBeNull();
    // JavaScript in disguise parses, but would not run: refused as the server refuses it at deploy.
    expect(conditionError('process.exit()')).toMatch(/only len, includes, .* can be called/);
    expect(conditionError('alert(1)')).not.toBeNull();
    expect(conditionError('money.constructor')).toBe('"constructor" cannot be read');
    expect(conditionError("deptId['__proto__']")).toBe('"__proto__" cannot be read');
    // The same verdicts as the server's checker.
    const verdict = async (condition: string) => {
      const xml = fs
        .readFileSync(path.join(ROOT, 'schemas/leave/leave.bpmn'), 'utf8')
        .replace(
          "days &gt;= setting('approval.leave.headDays')",
          condition.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
        );
      return (await readModel(xml)).problems.length === 0;
    };
    for (const c of [
      "money >= 5000 && majorFlag == '1'",
      'includes([1, 2], deptId)',
      'process.exit()',
      'money.constructor',
      'money >=',
    ])
      expect(await verdict(c), c).toBe(conditionError(c) === null);
    // A site setting by its quoted name (approval chains): a process may read it, a form may not.
    const threshold = "money >= setting('approval.headThreshold')";
    expect(conditionError(threshold, { settings: true })).toBeNull();
    expect(conditionError(threshold)).not.toBeNull();
    expect(conditionError('money >= setting(key)', { settings: true })).toMatch(/one quoted setting name/);
    expect(await verdict(threshold)).toBe(true);
    expect(await verdict('money >= setting(key)')).toBe(false);
  });
});
