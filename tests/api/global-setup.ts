import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate } from '../support/database.ts';

export default async function setup(project: TestProject) {
  const template = await createTemplate();
  project.provide('dbTemplate', template);
  return async () => dropTemplate(template);
}
