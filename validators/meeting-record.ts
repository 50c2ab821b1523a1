// The meeting-record rule of spec section 4 (三重一大 and large amounts), one function for the form
// in the browser and the check on the server.
//
// Shown when the form's settings show it at application time, or an audit-stage upload is flagged,
// or an existing record that is not being updated carries the show flag 1. Required when the
// amount reaches the configured threshold, or — with the three-major-matters setting on — when
// majorFlag is 1; at application time or at the extension node, as the settings say.

export interface MeetingRecordSettings {
  /** meeting.minutesThreshold: the amount from which minutes are required (必填所需金额). */
  threshold: number;
  /** meeting.sanZhongYiDa: major matters (majorFlag 1) need minutes too. */
  sanZhongYiDa: boolean;
  /** meeting.stage: where the requirement applies — 'application' or the approval's 'extension' node. */
  stage: 'application' | 'extension';
  /** The form's own setting: show the section when applying. */
  showAtApplication: boolean;
  /** The document's amount the threshold is compared with: `money`, or its own amount field. */
  amountField?: string;
}

export interface MeetingRecordValues {
  [field: string]: unknown;
  id?: unknown;
  money?: unknown;
  majorFlag?: unknown;
  meetingRecordId?: unknown;
  meetingRecordFileList?: unknown;
  uploadMeetingRecordAudit?: unknown;
  showMeetingRecordFlag?: unknown;
  updateFlag?: unknown;
}

export interface MeetingRecordState {
  show: boolean;
  /** The rule asks for minutes (amount or major matter), at whichever stage the settings name. */
  needed: boolean;
  required: boolean;
  /** Shown but not required: submitting without minutes asks to confirm. */
  advised: boolean;
  /** A record is chosen or minutes are uploaded. */
  provided: boolean;
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1';

function fileCount(v: unknown): number {
  if (Array.isArray(v)) return v.length;
  if (typeof v === 'string' && v) {
    try {
      const parsed = JSON.parse(v);
      return Array.isArray(parsed) ? parsed.length : 0;
    } catch {
      return 0;
    }
  }
  return 0;
}

/** money ≥ threshold, compared in exact cents (money is a decimal string on the wire). */
function atLeast(money: unknown, threshold: number): boolean {
  const text = typeof money === 'number' ? money.toFixed(2) : String(money ?? '').trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return false;
  const cents = (BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0').slice(0, 2))) * (m[1] ? -1n : 1n);
  return cents >= BigInt(Math.round(threshold * 100));
}

export function meetingRecordState(
  values: MeetingRecordValues,
  settings: MeetingRecordSettings,
  context: { atExtensionNode?: boolean } = {},
): MeetingRecordState {
  const existing = values.id !== undefined && values.id !== null && values.id !== '';
  const show =
    (settings.showAtApplication && !context.atExtensionNode) ||
    truthy(values.uploadMeetingRecordAudit) ||
    (existing && !truthy(values.updateFlag) && truthy(values.showMeetingRecordFlag)) ||
    (settings.stage === 'extension' && settings.showAtApplication && Boolean(context.atExtensionNode));
  const byRule =
    atLeast(values[settings.amountField ?? 'money'], settings.threshold) || (settings.sanZhongYiDa && truthy(values.majorFlag));
  const stageNow = settings.stage === 'extension' ? Boolean(context.atExtensionNode) : !context.atExtensionNode;
  const required = show && byRule && stageNow;
  const provided =
    (values.meetingRecordId !== undefined && values.meetingRecordId !== null && values.meetingRecordId !== '') ||
    fileCount(values.meetingRecordFileList) > 0;
  return { show, needed: byRule, required, advised: show && !required, provided };
}

/**
 * The flags a document keeps (spec section 3) as its applicant saves it: whether the section was
 * shown, that the record is being updated, and whether the minutes are due at the audit stage
 * instead. Kept on the document, they show the section later whatever the settings are by then.
 */
export function meetingFlagsAtSave(
  values: MeetingRecordValues,
  settings: MeetingRecordSettings,
): { showMeetingRecordFlag: '0' | '1'; updateFlag: '1'; uploadMeetingRecordAudit: '0' | '1' } {
  const state = meetingRecordState({ ...values, uploadMeetingRecordAudit: '0', updateFlag: '1' }, settings);
  return {
    showMeetingRecordFlag: state.show ? '1' : '0',
    updateFlag: '1',
    // A form whose section is off takes no part in the rule, at either stage.
    uploadMeetingRecordAudit: settings.stage === 'extension' && settings.showAtApplication && state.needed ? '1' : '0',
  };
}

/** The site config key a per-form setting (the meeting-minutes screen) travels under. */
export const formSettingKey = (entity: string) => `meeting.form.${entity}`;

/**
 * Settings from a site's config values (strings). The form's own setting is the site's row of the
 * meeting-minutes screen when it has one (`meeting.form.<entity>`), else what the form file says.
 */
export function meetingSettingsFrom(
  config: Record<string, string | undefined>,
  formShows: boolean,
  entity?: string,
  amountField = 'money',
): MeetingRecordSettings {
  const own = entity ? config[formSettingKey(entity)] : undefined;
  const showAtApplication = own === undefined ? formShows : own === '1';
  return {
    threshold: Number(config['meeting.minutesThreshold'] ?? 100000) || 100000,
    sanZhongYiDa: config['meeting.sanZhongYiDa'] === 'true',
    stage: config['meeting.stage'] === 'extension' ? 'extension' : 'application',
    showAtApplication,
    amountField,
  };
}
