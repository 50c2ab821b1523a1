// A site's own process (issue 35) is checked like a base one by schemas:check: process id, the
// texts of the process and of each step in four languages (the site's i18n.json patch counts),
// conditions, the settings it reads; a fault names the site file and the BPMN element id.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, runSchemasCheck } from '../../server/schemas/check.ts';
import { SCHEMAS_DIR } from '../../server/schemas/files.ts';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of schemas/ with the city's folder holding `files`; the problems of the sites/city files. */
function check(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-process-'));
  temps.push(dir);
  const root = path.join(dir, 'schemas');
  fs.cpSync(SCHEMAS_DIR, root, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, 'sites/city', rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return runSchemasCheck(root, MIGRATIONS_DIR).problems.filter((p) => Object.keys(files).some((rel) => p.file === `sites/city/${rel}`));
}

const bpmn = (process: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:nk="http://neikong.dev/schema/bpmn" id="d" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process ${process} name="试点审批" isExecutable="true">
    <bpmn:startEvent id="start" />
    ${body}
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>
`;
const texts = (key: string, langs = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR']) =>
  Object.fromEntries(langs.map((l) => [l, `${key} ${l}`]));

describe('schemas:check of a site process', { timeout: 60_000 }, () => {
  it("passes the city's real process, with the city's texts", () => {
    expect(runSchemasCheck().problems.filter((p) => p.file.endsWith('.bpmn'))).toEqual([]);
  });

  it('names the site file and the element id of a bad condition, a step without texts, a setting not declared', () => {
    const problems = check({
      'leave/cityPilot.bpmn': bpmn(
        'id="cityPilot"',
        `<bpmn:userTask id="dean" name="院长审批" nk:candidateType="role" nk:candidates="principal" />
    <bpmn:exclusiveGateway id="g" default="f_plain" />
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="g" />
    <bpmn:sequenceFlow id="f_bad" sourceRef="g" targetRef="dean"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">days &gt;= = 3</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_setting" sourceRef="g" targetRef="dean"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">days &gt;= setting('approval.noSuchDays')</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_plain" sourceRef="g" targetRef="end" />
    <bpmn:sequenceFlow id="f_dean" sourceRef="dean" targetRef="end" />`,
      ),
      // The process has its texts in the city's patch, but only in two languages.
      'leave/i18n.json': JSON.stringify({ 'process.cityPilot': texts('process.cityPilot', ['zh-CN', 'en-US']) }),
    });
    const file = 'sites/city/leave/cityPilot.bpmn';
    const at = (pointer: string) => problems.filter((p) => p.file === file && p.pointer === pointer).map((p) => p.message);
    expect(at('#f_bad')).toEqual(expect.arrayContaining([expect.stringMatching(/^condition: /)]));
    expect(at('#f_setting')).toEqual(expect.arrayContaining([expect.stringContaining('approval.noSuchDays')]));
    expect(at('#dean')).toEqual([expect.stringContaining('process.cityPilot.dean')]);
    expect(at('#cityPilot')).toEqual([expect.stringContaining('zh-TW, pt-BR')]);
  });

  it("takes the site's texts: the same process with every text in the city's patch passes", () => {
    const problems = check({
      'leave/cityPilot.bpmn': bpmn(
        'id="cityPilot"',
        `<bpmn:userTask id="dean" name="院长审批" nk:candidateType="role" nk:candidates="principal" />
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="dean" />
    <bpmn:sequenceFlow id="f_dean" sourceRef="dean" targetRef="end" />`,
      ),
      'leave/i18n.json': JSON.stringify({
        'process.cityPilot': texts('process.cityPilot'),
        'process.cityPilot.dean': texts('process.cityPilot.dean'),
      }),
    });
    expect(problems).toEqual([]);
  });

  it('refuses a site process without a process id, never ignores it', () => {
    const problems = check({ 'purchase/broken.bpmn': bpmn('name="x"', '') });
    expect(problems).toEqual([{ file: 'sites/city/purchase/broken.bpmn', pointer: '', message: 'no bpmn:process with an id' }]);
  });

  it('reports a site process whose texts neither the base nor the site gives', () => {
    const problems = check({
      'leave/cityPilot.bpmn': bpmn(
        'id="cityPilot"',
        `<bpmn:userTask id="dean" name="院长审批" nk:candidateType="role" nk:candidates="principal" />
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="dean" />
    <bpmn:sequenceFlow id="f_dean" sourceRef="dean" targetRef="end" />`,
      ),
    });
    expect(problems.map((p) => p.pointer).sort()).toEqual(['#cityPilot', '#dean']);
  });
  it("lets a site's entity override name the site's new process, and names an unknown one", () => {
    const pilot = bpmn(
      'id="cityPurchasePilot"',
      `<bpmn:userTask id="dean" name="院长审批" nk:candidateType="role" nk:candidates="principal" />
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="dean" />
    <bpmn:sequenceFlow id="f_dean" sourceRef="dean" targetRef="end" />`,
    );
    const i18n = JSON.stringify({
      'process.cityPurchasePilot': texts('process.cityPurchasePilot'),
      'process.cityPurchasePilot.dean': texts('process.cityPurchasePilot.dean'),
    });
    const good = check({
      'purchase/pilot.bpmn': pilot,
      'purchase/i18n.json': i18n,
      'purchase/purchaseApply.entity.json': JSON.stringify({ process: 'cityPurchasePilot' }),
    });
    expect(good).toEqual([]);
    const unknown = check({ 'purchase/purchaseApply.entity.json': JSON.stringify({ process: 'cityPurchasePilot' }) });
    expect(unknown).toEqual([
      expect.objectContaining({ file: 'sites/city/purchase/purchaseApply.entity.json', pointer: '/process' }),
    ]);
  });
});
