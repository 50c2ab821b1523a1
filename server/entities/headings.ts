// An export's heading (issue 36): a second sheet of lines an entity file asks for by name
// (`exportHeading`) and a module produces — the audit trail's chain head, written down at the time
// of the export. The export itself adds when and by whom it was made, so every heading says that.
import type { FastifyRequest } from 'fastify';
import type { Services } from '../platform/services.ts';

/** A heading: the sheet's title and its lines, each a label and a value, in the reader's language. */
export interface Heading {
  title: string;
  lines: Array<[string, string | number]>;
}

export type HeadingProducer = (s: Services, request: FastifyRequest) => Promise<Heading>;

const producers = new Map<string, HeadingProducer>();

/** A module names the heading it produces (registered once, at start). */
export function registerExportHeading(name: string, producer: HeadingProducer): void {
  producers.set(name, producer);
}

export function exportHeadingProducer(name: string): HeadingProducer | undefined {
  return producers.get(name);
}
