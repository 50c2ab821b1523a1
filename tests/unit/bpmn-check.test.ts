// Issue 35: `npm run schemas:check` reads every process file, base and site, as the deploy at start
// does (readModel): a process the start would quarantine is named first, by file and the BPMN
// element id where the fault is at one element. One case per kind of fault readModel finds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, processModelProblems, runFullSchemasCheck, type Problem } from '../../server/schemas/check.ts';
import { SCHEMAS_DIR } from '../../server/schemas/files.ts';

const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:nk="http://neikong.dev/schema/bpmn"`;
/** A process: start → step → end, with `step` and `extra` replaced where a case needs. */
const model = (
  key: string,
  { step, extra = '', flows }: { step?: string; extra?: string; flows?: string } = {},
) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${NS} id="d" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" isExecutable="true">
    <bpmn:startEvent id="start" />
    ${step ?? '<bpmn:userTask id="step" name="审核" nk:candidateType="deptLeader" />'}
    <bpmn:endEvent id="end" />
    ${extra}
    ${flows ?? '<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="step" /><bpmn:sequenceFlow id="f2" sourceRef="step" targetRef="end" />'}
  </bpmn:process>
</bpmn:definitions>
`;

type Case = [fault: string, file: string, xml: string, pointer: string, message: RegExp];
const cases: Case[] = [
  ['not XML', 'zz/badXml.bpmn', '<bpmn:definitions', '', /not a valid BPMN 2\.0 file/],
  [
    'no process',
    'zz/noProcess.bpmn',
    `<?xml version="1.0"?><bpmn:definitions ${NS} id="d" targetNamespace="x"></bpmn:definitions>`,
    '',
    /exactly one process/,
  ],
  ['bad process key', 'zz/badKey.bpmn', model('bad.key'), '#bad.key', /process key must start with a letter/],
  [
    'unsupported element',
    'zz/unsupported.bpmn',
    model('zzUnsupported', { extra: '<bpmn:serviceTask id="robot" name="机器人" />' }),
    '#robot',
    /机器人: This kind of element is not supported/,
  ],
  [
    'no start',
    'zz/noStart.bpmn',
    model('zzNoStart')
      .replace('<bpmn:startEvent id="start" />', '')
      .replace('<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="step" />', ''),
    '',
    /no start event/,
  ],
  [
    'no end',
    'zz/noEnd.bpmn',
    model('zzNoEnd')
      .replace('<bpmn:endEvent id="end" />', '')
      .replace('<bpmn:sequenceFlow id="f2" sourceRef="step" targetRef="end" />', ''),
    '',
    /no end event/,
  ],
  [
    'unnamed step',
    'zz/taskUnnamed.bpmn',
    model('zzUnnamed', { step: '<bpmn:userTask id="step" nk:candidateType="deptLeader" />' }),
    '#step',
    /approval step has no name/,
  ],
  [
    'step without an approver rule',
    'zz/noCandidate.bpmn',
    model('zzNoCandidate', { step: '<bpmn:userTask id="step" name="审核" nk:candidateType="role" />' }),
    '#step',
    /审核: An approval step has no approver rule/,
  ],
  [
    'bad reason',
    'zz/badReason.bpmn',
    model('zzBadReason', { step: '<bpmn:userTask id="step" name="审核" nk:candidateType="deptLeader" nk:reason="Not A Key" />' }),
    '#step',
    /审核: /,
  ],
  [
    'bad copy entry',
    'zz/badCopyTo.bpmn',
    model('zzBadCopyTo', { step: '<bpmn:userTask id="step" name="审核" nk:candidateType="deptLeader" nk:copyTo="everyone" />' }),
    '#step',
    /审核: /,
  ],
  [
    'bad countersign',
    'zz/badCountersign.bpmn',
    model('zzBadCountersign', {
      step: '<bpmn:userTask id="step" name="审核" nk:candidateType="deptLeader" nk:countersign="most" />',
    }),
    '#step',
    /审核: /,
  ],
  [
    'script condition',
    'zz/badCondition.bpmn',
    model('zzBadCondition', {
      flows:
        '<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="step" /><bpmn:sequenceFlow id="f2" sourceRef="step" targetRef="end"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="javascript">amount &gt; 1</bpmn:conditionExpression></bpmn:sequenceFlow>',
    }),
    '#f2',
    /condition is not a valid expression/,
  ],
  [
    'unreachable step',
    'zz/unreachable.bpmn',
    model('zzUnreachable', {
      extra:
        '<bpmn:userTask id="lost" name="遗落" nk:candidateType="deptLeader" /><bpmn:sequenceFlow id="f3" sourceRef="lost" targetRef="end" />',
    }),
    '#lost',
    /遗落: It cannot be reached from the start/,
  ],
  [
    'dead end',
    'zz/deadEnd.bpmn',
    model('zzDeadEnd', {
      extra:
        '<bpmn:userTask id="stuck" name="卡住" nk:candidateType="deptLeader" /><bpmn:sequenceFlow id="f3" sourceRef="start" targetRef="stuck" />',
    }),
    '#stuck',
    /卡住: It never reaches an end/,
  ],
  [
    'a site process',
    'sites/city/zz/siteNoCandidate.bpmn',
    model('zzSiteNoCandidate', { step: '<bpmn:userTask id="step" name="审核" nk:candidateType="user" />' }),
    '#step',
    /approver rule/,
  ],
];

let root = '';
let problems: Problem[] = [];
beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpmn-check-'));
  root = path.join(dir, 'schemas');
  fs.cpSync(SCHEMAS_DIR, root, { recursive: true });
  for (const [, rel, xml] of cases) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), xml);
  }
  problems = (await runFullSchemasCheck(root, MIGRATIONS_DIR)).problems.filter((p) => p.message.startsWith('not deployable'));
}, 120_000);
afterAll(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

describe('schemas:check reads each process as the deploy does', () => {
  it('finds nothing in the real processes', async () => {
    expect(await processModelProblems()).toEqual([]);
  });

  it.each(cases)('%s: names the file and the element', (_, file, _xml, pointer, message) => {
    const found = problems.filter((p) => p.file === file);
    expect(
      found.some((p) => p.pointer === pointer && message.test(p.message)),
      JSON.stringify(found),
    ).toBe(true);
  });

  it('says a condition the expression check names only once', async () => {
    const xml = model('zzTwice', {
      flows:
        '<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="step" /><bpmn:sequenceFlow id="f2" sourceRef="step" targetRef="end"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">process.exit()</bpmn:conditionExpression></bpmn:sequenceFlow>',
    });
    fs.mkdirSync(path.join(root, 'yy'), { recursive: true });
    fs.writeFileSync(path.join(root, 'yy/twice.bpmn'), xml);
    const all = (await runFullSchemasCheck(root, MIGRATIONS_DIR)).problems.filter(
      (p) => p.file === 'yy/twice.bpmn' && p.pointer === '#f2',
    );
    expect(all).toHaveLength(1);
    expect(all[0]!.message).toMatch(/^condition: /);
  }, 120_000);
});
