// The meeting-record section as a form feature (spec section 4): a form whose file says
// "meetingRecord": true gets the section (a linked record and uploaded minutes), shown and marked
// required by the shared rule, and a confirmation when minutes are advised but missing.
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

export function meetingSettings(formFile: FormSchema, siteConfig: Record<string, string>): MeetingRecordSettings | null {
  return formFile.meetingRecord ? meetingSettingsFrom(siteConfig, true) : null;
}

/** The section's fields appended to a form that does not place them itself. */
export function withMeetingSection(formFile: FormSchema, entity: PublicEntity, language: string): FormSchema {
  if (!formFile.meetingRecord) return formFile;
  const has = (key: string) => JSON.stringify(formFile.schema).includes(`"${key}"`);
  const missing = MEETING_FIELDS.filter((k) => !has(k) && entity.fields.some((f) => f.name === k));
  if (!missing.length) return formFile;
  const section = {
    type: 'void',
    'x-component': 'FormLayout',
    properties: {
      meetingRecordTitle: { type: 'void', 'x-component': 'Space', 'x-content': rt(language, 'meetingSection') },
      ...Object.fromEntries(missing.map((k) => [k, {}])),
    },
  };
  return {
    ...formFile,
    schema: { ...formFile.schema, properties: { ...formFile.schema.properties, meetingRecordSection: section } },
  };
}

export function meetingEffects(settings: MeetingRecordSettings | null) {
  return () => {
    if (!settings) return;
    const apply = (form: Form) => {
      const state = meetingRecordState(valuesOf(form), settings);
      for (const key of [...MEETING_FIELDS, 'meetingRecordSection']) {
        form.setFieldState(key, (s) => {
          s.visible = state.show;
        });
      }
      for (const key of MEETING_FIELDS) {
        form.setFieldState(key, (s) => {
          // The asterisk shows the rule; the rule itself is checked as a whole at submit.
          (s as { decoratorProps?: Record<string, unknown> }).decoratorProps = { asterisk: state.required };
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
): 'go' | 'confirm' | 'required' {
  if (!settings) return 'go';
  const state: MeetingRecordState = meetingRecordState(values, settings);
  if (state.provided || !state.show) return 'go';
  return state.required ? 'required' : 'confirm';
}
