// The security campaign's setup: the API suite's template database (migrated and seeded once),
// and at the end the summary of every part's figures (./figures.ts).
import type { TestProject } from 'vitest/node';
import apiSetup from '../api/global-setup.ts';
import { clearFigures, SUMMARY, writeSummary } from './figures.ts';

export default async function setup(project: TestProject) {
  const startedAt = Date.now();
  clearFigures();
  const dropTemplate = await apiSetup(project);
  return async () => {
    const summary = writeSummary(startedAt);
    console.log(`security campaign: ${SUMMARY}\n${JSON.stringify(summary, null, 2)}`);
    await dropTemplate();
  };
}
