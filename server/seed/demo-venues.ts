// A site's venues and their bookings for the demo (issue 18), written through the product's own API
// by the people who would do it: general affairs enters the venues (one closed for repair), staff
// book them for this week and next, and the bookings stand in every state — approved, waiting for
// approval, a draft, rejected, withdrawn, cancelled — so the calendar shows each colour.
import { addDays, DEFAULT_TIME_ZONE, siteNow, toInstant } from '../platform/site-time.ts';

type Caller = { call: (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<any> };

export interface VenueSeedPeople {
  /** Enters the venues and keeps them (general affairs). */
  keeper: Caller;
  /** Members of staff who book. */
  staff: Caller[];
  /** Everyone who may hold an approval step on the site: each task goes to whichever has it. */
  approvers: Caller[];
}

export interface VenueSeedPlan {
  /** The seeding moment (epoch ms): bookings fall in its week and the next. */
  now: number;
  /** [name, location, capacity, equipment, closed]. */
  venues: Array<[string, string, number, string, boolean?]>;
  /**
   * [venue index, day of the week from this Monday (0–13), start hh:mm, end hh:mm, subject,
   *  attendees, who books (staff index), state: draft | pending | approved | rejected | withdrawn | cancelled].
   */
  bookings: Array<[number, number, string, string, string, number, number, VenueBookingState]>;
}

export type VenueBookingState = 'draft' | 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'cancelled';

/**
 * The site's wall time 'YYYY-MM-DD HH:mm:ss' of a day from this week's Monday at hh:mm, as the
 * booking form sends it (the server reads it on the site's clock: platform/site-time.ts).
 */
function at(now: number, day: number, hhmm: string): string {
  const today = siteNow(now, DEFAULT_TIME_ZONE).day;
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return `${addDays(today, day - weekday)} ${hhmm}:00`;
}

export async function seedDemoVenues(
  people: VenueSeedPeople,
  plan: VenueSeedPlan,
  clock?: { now(): number; set(t: number): void },
): Promise<void> {
  // A booking may not start in the past (issue 34): this week's are made on Monday morning's clock.
  const before = clock?.now();
  clock?.set(Math.min(plan.now, Date.parse(toInstant(at(plan.now, 0, '00:00'), DEFAULT_TIME_ZONE))));
  try {
    await seedBookings(people, plan);
  } finally {
    if (clock && before !== undefined) clock.set(before);
  }
}

async function seedBookings(people: VenueSeedPeople, plan: VenueSeedPlan): Promise<void> {
  const { keeper } = people;
  const keeperId = ((await keeper.call('GET', '/core/user/info')) as { userId: number }).userId;
  const venues: number[] = [];
  for (const [i, [name, location, capacity, equipment, closed]] of plan.venues.entries()) {
    const saved = (await keeper.call('POST', '/venue/info/save', {
      name,
      location,
      capacity,
      equipment,
      keeperId,
      venueState: closed ? '1' : '0',
      sort: i + 1,
      remark: closed ? '设施维修中，暂停预约' : null,
    })) as { id: number };
    venues.push(saved.id);
  }

  const decide = async (id: number, decision: 'approve' | 'reject') => {
    for (let step = 0; step < 4; step++) {
      let acted = false;
      for (const who of people.approvers) {
        const tasks = (await who.call('GET', '/workflow/task/page?scope=todo&pageSize=100')) as {
          records: Array<{ id: number; entity: string; businessKey: number }>;
        };
        const task = tasks.records.find((t) => t.entity === 'venueBooking' && Number(t.businessKey) === id);
        if (!task) continue;
        await who.call('POST', `/workflow/task/${decision}`, {
          taskId: task.id,
          comment: decision === 'approve' ? '同意' : '该时段已安排考试，请改期',
        });
        acted = true;
        break;
      }
      if (!acted || decision === 'reject') return;
    }
  };

  for (const [venue, day, from, to, subject, attendees, by, state] of plan.bookings) {
    const who = people.staff[by]!;
    const doc = (await who.call('POST', '/venue/booking/save', {
      venueId: venues[venue],
      subject,
      startTime: at(plan.now, day, from),
      endTime: at(plan.now, day, to),
      attendees,
    })) as { id: number };
    if (state === 'draft') continue;
    await who.call('POST', `/venue/booking/submit?id=${doc.id}`, { id: doc.id });
    if (state === 'withdrawn') await who.call('POST', `/venue/booking/withdraw?id=${doc.id}`, { id: doc.id });
    if (state === 'approved' || state === 'cancelled') await decide(doc.id, 'approve');
    if (state === 'rejected') await decide(doc.id, 'reject');
    if (state === 'cancelled') await who.call('POST', `/venue/booking/cancel?id=${doc.id}`, { id: doc.id });
  }
}

/** Today's day from this week's Monday (0 Monday … 6 Sunday), on the site's clock. */
function todayIndex(now: number): number {
  return (new Date(`${siteNow(now, DEFAULT_TIME_ZONE).day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The school's venues and a fortnight of bookings (staff index 0: a teacher, 1: the head of 教务处). */
export function schoolVenues(now: number): VenueSeedPlan {
  return {
    now,
    venues: [
      ['报告厅', '行政楼 一层', 300, '投影、音响、无线话筒 4 支、讲台、录播系统'],
      ['第一会议室', '行政楼 三层', 30, '会议平板、视频会议终端、白板'],
      ['第二会议室', '行政楼 四层', 16, '投影、白板'],
      ['体育馆', '体育馆 主馆', 800, '篮球场 2 片、音响、记分牌', true],
    ],
    bookings: [
      [0, 0, '14:00', '16:00', '全体教职工大会', 220, 1, 'approved'],
      [1, 0, '09:00', '10:30', '教务处周例会', 12, 1, 'approved'],
      [1, 1, '15:00', '17:00', '高一年级备课组教研', 14, 0, 'approved'],
      [0, 2, '09:00', '11:30', '家长会（高三）', 260, 0, 'approved'],
      [2, 2, '14:00', '15:00', '新教师座谈', 8, 0, 'pending'],
      [1, 3, '10:00', '11:30', '期中考试命题工作会', 10, 1, 'pending'],
      [0, 3, '14:30', '17:00', '青年教师讲课比赛', 120, 0, 'rejected'],
      [2, 4, '16:00', '17:30', '学生社团负责人会议', 15, 0, 'draft'],
      [1, 4, '09:00', '10:00', '党支部学习', 20, 1, 'withdrawn'],
      [0, 7, '09:00', '11:00', '安全教育专题讲座', 280, 1, 'approved'],
      [1, 7, '14:00', '15:30', '教务处周例会', 12, 1, 'pending'],
      [2, 8, '10:00', '11:00', '课题组中期汇报', 9, 0, 'approved'],
      [0, 9, '14:00', '17:00', '校园艺术节彩排', 150, 0, 'pending'],
      [1, 10, '09:00', '12:00', '教学质量分析会', 25, 1, 'cancelled'],
      [2, 11, '15:00', '16:00', '心理健康教育研讨', 10, 0, 'draft'],
      // Whatever the weekday, a meeting today (issue 34: the office's "today's rooms" queue).
      [2, todayIndex(now), '12:00', '13:00', '行政值班碰头会', 6, 1, 'approved'],
    ],
  };
}

/** The hospital's venues and a fortnight of bookings (staff index 0: a doctor, 1: the head of 采购中心). */
export function hospitalVenues(now: number): VenueSeedPlan {
  return {
    now,
    venues: [
      ['学术报告厅', '门诊楼 六层', 200, '投影、音响、同声传译设备、录播系统'],
      ['会议室', '行政楼 二层', 24, '会议平板、视频会议终端'],
    ],
    bookings: [
      [0, 1, '14:00', '16:00', '全院医疗质量分析会', 150, 1, 'approved'],
      [1, 1, '09:00', '10:00', '采购中心周例会', 8, 1, 'approved'],
      [0, 3, '08:00', '09:00', '内科疑难病例讨论', 40, 0, 'pending'],
      [1, 4, '15:00', '16:30', '设备论证会', 12, 1, 'draft'],
      [0, 8, '14:00', '17:00', '继续医学教育讲座', 180, 0, 'approved'],
      [1, 9, '10:00', '11:00', '院感防控培训', 20, 0, 'rejected'],
      [1, 10, '09:00', '10:00', '采购中心周例会', 8, 1, 'pending'],
    ],
  };
}
