// The dictionaries a record's page needs: its fields' and its line collections' (a claim line's
// economic class shows by its label on the list, the form, the approval page and the print).
import type { PublicEntity } from './types.ts';

export function dictTypesOf(entity: PublicEntity): string[] {
  const lineFields = Object.values(entity.lines ?? {}).flatMap((l) => l.entity.fields);
  return [...new Set([...entity.fields, ...lineFields].map((f) => f.dict).filter((d): d is string => Boolean(d)))];
}
