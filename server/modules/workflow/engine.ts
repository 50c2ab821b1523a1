// bpmn-engine, run one step at a time: start an instance and stop where it waits (a user task),
// or recover a saved state, signal the task that was decided, and stop at the next wait or the end.
// The state is the caller's to save (with the task rows, in one transaction); the engine holds
// nothing between requests, so any app node can take the next step, and a restart loses nothing.
// Conditions are the product's expression language over the document's variables; scripts never run.
import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import { run } from '../../../validators/expression/evaluate.ts';

export interface Step {
  /** The engine's state to save, null when the process has ended. */
  state: unknown;
  /** User tasks now waiting (element ids), in the order the engine reached them. */
  waiting: string[];
  ended: boolean;
}

const TEMPLATE = /\$\{(.+?)\}/;

/** Expressions of the process: a condition body is ours; '${…}' templates the engine uses stay simple lookups. */
const expressions = {
  resolveExpression(expression: string, from: { environment?: { variables?: Record<string, unknown> } }) {
    const variables = from?.environment?.variables ?? {};
    if (TEMPLATE.test(expression)) {
      const m = TEMPLATE.exec(expression)!;
      const value = variables[m[1]!.replace(/^environment\.variables\./, '')];
      return m[0] === expression ? value : expression.replace(m[0], value === undefined ? '' : String(value));
    }
    return Boolean(run(expression, variables));
  },
  isExpression: (text: unknown) => typeof text === 'string' && TEMPLATE.test(text),
  hasExpression: (text: unknown) => typeof text === 'string' && TEMPLATE.test(text),
};

/** No script task or script condition ever runs. */
const scripts = {
  register() {},
  getScript() {
    return undefined;
  },
};

async function settle(engine: InstanceType<typeof Engine>, execution: { getPostponed(): Array<{ id: string; type?: string }> }) {
  const waiting = execution
    .getPostponed()
    .filter((a) => a.type === undefined || a.type === 'bpmn:UserTask')
    .map((a) => a.id);
  const ended = waiting.length === 0 && engine.state !== 'running';
  const state = ended ? null : await engine.getState();
  engine.stop();
  return { state: state ? JSON.parse(JSON.stringify(state)) : null, waiting, ended };
}

export async function startProcess(name: string, xml: string, variables: Record<string, unknown>): Promise<Step> {
  const engine = new Engine({ name, source: xml, expressions, scripts } as never);
  const execution = await engine.execute({ listener: new EventEmitter(), variables } as never);
  return settle(engine, execution as never);
}

/** Signals the waiting task `elementId` of a saved instance and runs on to the next wait or the end. */
export async function completeTask(
  name: string,
  state: unknown,
  elementId: string,
  decision: Record<string, unknown>,
): Promise<Step> {
  const engine = new Engine({ name } as never).recover(structuredClone(state) as never, { expressions, scripts } as never);
  const execution = await engine.resume({ listener: new EventEmitter() } as never);
  const task = (execution as unknown as { getPostponed(): Array<{ id: string; signal(m: unknown): void }> })
    .getPostponed()
    .find((a) => a.id === elementId);
  if (!task) {
    engine.stop();
    throw new Error(`task ${elementId} is not waiting`);
  }
  task.signal(decision);
  return settle(engine, execution as never);
}
