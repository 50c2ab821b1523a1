// The meeting-record section as a form feature (spec section 4): every document that goes through
// approval has the section's fields (the entity says `meetingRecord`); the form's own setting — the
// site's row of the meeting-minutes screen, else the form file's "meetingRecord" — and the flags the
// document keeps decide with the shared rule whether it shows and whether it is required, and a
// confirmation asks when minutes are advised but missing.
import { onFormInit, onFormValuesChange, type Form } from '@formily/core';
import {
  meetingRecordState,
  meetingSettingsFrom,
  type MeetingRecordSettings,
  type MeetingRecordState,
} from '../../validators/meeting-record.ts';
import { rt } from '../texts.ts';
import type { FormSchema, PublicEntity } from '../types.ts';

export const MEETING_FIELDS = ['meetingRecordId', 'meetingRecordFileList'] as const;

/** Where the form is: applying, or an approver deciding at the approval's extension node. */
export interface MeetingContext {
  atExtensionNode?: boolean;
}

export function meetingSettings(
  formFile: FormSchema,
  entity: PublicEntity,
  siteConfig: Record<string, string>,
): MeetingRecordSettings | null {
  if (!entity.meetingRecord) return null;
  return meetingSettingsFrom(siteConfig, formFile.meetingRecord === true, entity.name, entity.meetingAmount ?? 'money');
}

/** The columns of the form's first grid, so the section lines up with the fields above it. */
function columnsOf(formFile: FormSchema): number {
  for (const node of Object.values(formFile.schema.properties)) {
    const n = node as { 'x-component'?: string; 'x-component-props'?: { maxColumns?: number } };
    if (n['x-component'] === 'FormGrid') return Number(n['x-component-props']?.maxColumns) || 1;
  }
  return 1;
}

/** The section's fields appended to a form that does not place them itself. */
export function withMeetingSection(formFile: FormSchema, entity: PublicEntity, language: string): FormSchema {
  if (!entity.meetingRecord) return formFile;
  const has = (key: string) => JSON.stringify(formFile.schema).includes(`"${key}"`);
  const missing = MEETING_FIELDS.filter((k) => !has(k) && entity.fields.some((f) => f.name === k));
  if (!missing.length) return formFile;
  // One grid like the form's own: the labels line up with the fields above, in the form and on
  // the approval page alike. The heading names the matter, not the minutes field under it.
  const section = {
    type: 'void',
    'x-component': 'FormGrid',
    'x-component-props': { maxColumns: columnsOf(formFile) },
    properties: {
      meetingRecordTitle: {
        type: 'void',
        'x-component': 'SectionTitle',
        'x-component-props': { title: rt(language, 'meetingSection') },
        'x-decorator-props': { gridSpan: -1 },
      },
      ...Object.fromEntries(missing.map((k) => [k, {}])),
    },
  };
  return {
    ...formFile,
    schema: { ...formFile.schema, properties: { ...formFile.schema.properties, meetingRecordSection: section } },
  };
}

export function meetingEffects(settings: MeetingRecordSettings | null, context: MeetingContext = {}) {
  return () => {
    if (!settings) return;
    const apply = (form: Form) => {
      const state = meetingRecordState(valuesOf(form), settings, context);
      for (const key of [...MEETING_FIELDS, 'meetingRecordSection']) {
        form.setFieldState(key, (s) => {
          s.visible = state.show;
        });
      }
      for (const key of MEETING_FIELDS) {
        form.setFieldState(key, (s) => {
          // The asterisk shows the rule; the rule itself is checked as a whole at submit.
          (s as { decoratorProps?: Record<string, unknown> }).decoratorProps = {
            ...((s as { decoratorProps?: Record<string, unknown> }).decoratorProps ?? {}),
            asterisk: state.required,
          };
        });
      }
    };
    onFormInit(apply);
    onFormValuesChange(apply);
  };
}

export function valuesOf(form: Form): Record<string, unknown> {
  return form.values as Record<string, unknown>;
}

/**
 * What submit does about the section: 'go', 'confirm' (advised, missing), 'required' (missing).
 * The purchase-details and stamp-file dialogs come before it (./SubmitGates.tsx).
 */
export function meetingSubmitCheck(
  values: Record<string, unknown>,
  settings: MeetingRecordSettings | null,
  context: MeetingContext = {},
): 'go' | 'confirm' | 'required' {
  if (!settings) return 'go';
  const state: MeetingRecordState = meetingRecordState(values, settings, context);
  if (state.provided || !state.show) return 'go';
  return state.required ? 'required' : 'confirm';
}
