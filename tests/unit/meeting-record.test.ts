// The meeting-record rule as the form and the approval page use it (spec section 4, issue 19): the
// per-form setting from the site's screen, the flags a saved document keeps, and the extension node.
import { describe, expect, it } from 'vitest';
import { meetingFlagsAtSave, meetingRecordState, meetingSettingsFrom } from '../../validators/meeting-record.ts';
import { meetingSettings, meetingSubmitCheck, withMeetingSection } from '../../renderer/form/meeting.ts';
import type { FormSchema, PublicEntity } from '../../renderer/types.ts';

const entity = {
  name: 'beforehand',
  meetingRecord: true,
  meetingAmount: 'money',
  fields: [{ name: 'money' }, { name: 'meetingRecordId' }, { name: 'meetingRecordFileList' }],
} as unknown as PublicEntity;
const form = (meetingRecord?: boolean) =>
  ({
    entity: 'beforehand',
    meetingRecord,
    schema: {
      type: 'object',
      properties: { grid: { type: 'void', 'x-component': 'FormGrid', 'x-component-props': { maxColumns: 2 }, properties: {} } },
    },
  }) as FormSchema;

describe('the meeting-record rule in the browser', () => {
  it('the site’s row of the setting screen wins over the form file', () => {
    expect(meetingSettings(form(true), entity, { 'meeting.form.beforehand': '0' })!.showAtApplication).toBe(false);
    expect(meetingSettings(form(false), entity, { 'meeting.form.beforehand': '1' })!.showAtApplication).toBe(true);
    expect(meetingSettings(form(true), entity, {})!.showAtApplication).toBe(true);
  });

  it('with 三重一大 on, a major matter below the threshold is required before submit', () => {
    const settings = meetingSettings(form(true), entity, { 'meeting.sanZhongYiDa': 'true' });
    expect(meetingSubmitCheck({ money: '10.00', majorFlag: '1' }, settings)).toBe('required');
    expect(meetingSubmitCheck({ money: '10.00', majorFlag: '0' }, settings)).toBe('confirm');
  });

  it('at the extension stage: advised when applying, required at the extension node', () => {
    const settings = meetingSettingsFrom({ 'meeting.stage': 'extension' }, true, 'beforehand');
    const flags = meetingFlagsAtSave({ money: '100000' }, settings);
    expect(flags).toEqual({ showMeetingRecordFlag: '1', updateFlag: '1', uploadMeetingRecordAudit: '1' });
    expect(meetingRecordState({ money: '100000' }, settings).required).toBe(false);
    const submitted = { id: 1, money: '100000', ...flags, updateFlag: '0' };
    expect(meetingRecordState(submitted, settings, { atExtensionNode: true })).toMatchObject({ show: true, required: true });
  });

  it('a submitted record with the show flag shows its section after the form’s setting is turned off', () => {
    const off = meetingSettingsFrom({ 'meeting.form.beforehand': '0' }, true, 'beforehand');
    expect(meetingRecordState({ id: 1, showMeetingRecordFlag: '1', updateFlag: '0' }, off).show).toBe(true);
    expect(meetingRecordState({ id: 1, showMeetingRecordFlag: '1', updateFlag: '1' }, off).show).toBe(false);
  });

  it('the section lines up with the form’s grid under a heading that is not the field’s label', () => {
    const section = (withMeetingSection(form(true), entity, 'zh-CN').schema.properties.meetingRecordSection ?? {}) as Record<
      string,
      any
    >;
    expect(section['x-component']).toBe('FormGrid');
    expect(section['x-component-props']).toEqual({ maxColumns: 2 });
    expect(section.properties.meetingRecordTitle['x-component-props'].title).not.toBe('会议纪要');
  });
});
