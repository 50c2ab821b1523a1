// The dictionaries a record's page needs: its fields' and its line collections' (a claim line's
// economic class shows by its label on the list, the form, the approval page and the print).
import type { PublicEntity } from './types.ts';

export function dictTypesOf(entity: PublicEntity): string[] {
  const lineFields = Object.values(entity.lines ?? {}).flatMap((l) => l.entity.fields);
  // A reference's picker columns show dictionary words too (an indicator's economic class).
  const pickerDicts = [...entity.fields, ...lineFields].flatMap((f) => (f.refColumns ?? []).map((c) => c.dict));
  return [
    ...new Set([...[...entity.fields, ...lineFields].map((f) => f.dict), ...pickerDicts].filter((d): d is string => Boolean(d))),
  ];
}
