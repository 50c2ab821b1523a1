// A site's seal and printing requests for the demo (issue 18), filed through the product's own API by
// the people who would: staff and a department head ask for a stamp or a print job, the approvers
// decide, the seal keeper stamps (keeping the stamped file) or hands a seal out, the print room
// records what a job cost. Every state of both documents is on the list.
import { approveAll, type SeedCaller } from './approvals.ts';

type Uploader = SeedCaller & { upload: (name: string, content: string) => Promise<{ name: string; url: string; uid: string }> };

export interface OfficeSeedPeople {
  /** A member of staff (files most requests). */
  staff: Uploader;
  /** A department head (files one that goes out of the office). */
  head: Uploader;
  /** Who stamps and records print jobs on this site. */
  keeper: Uploader;
  /** Everyone who may hold an approval step on the site. */
  approvers: SeedCaller[];
}

type SealSeed = {
  by: 'staff' | 'head';
  sealType: string;
  documentName: string;
  sendTo?: string;
  copies: number;
  reason: string;
  takeOut?: boolean;
  /** What happens after filing: left a draft, submitted, approved, stamped, taken out, given back. */
  reach: 'draft' | 'submitted' | 'approved' | 'stamped' | 'takenOut' | 'returned';
};

type PrintSeed = {
  by: 'staff' | 'head';
  documentName: string;
  copies: number;
  pages: number;
  colour: '1' | '2';
  binding: string;
  paperSize?: string;
  costDept: string;
  neededIn: number;
  reach: 'draft' | 'submitted' | 'approved' | 'done';
  actualCost?: number;
};

export interface OfficeSeedPlan {
  /** Days from today as YYYY-MM-DD. */
  day: (offset: number) => string;
  deptId: (name: string) => number;
  seals: SealSeed[];
  printJobs: PrintSeed[];
}

const pdf = (title: string) => `%PDF-1.4\n% ${title}\n`;

export async function seedSealsAndPrinting(people: OfficeSeedPeople, plan: OfficeSeedPlan): Promise<void> {
  const { keeper } = people;
  for (const s of plan.seals) {
    const who = people[s.by];
    const draft = await who.upload(`${s.documentName}.pdf`, pdf(s.documentName));
    const doc = (await who.call('POST', '/seal/apply/save', {
      sealType: s.sealType,
      documentName: s.documentName,
      sendTo: s.sendTo ?? null,
      copies: s.copies,
      stampPosition: '1',
      reason: s.reason,
      draftFiles: [draft],
      takeOut: s.takeOut ? 'Y' : 'N',
      returnBy: s.takeOut ? `${plan.day(1)} 17:00:00` : null,
    })) as { id: number };
    if (s.reach === 'draft') continue;
    await who.call('POST', `/seal/apply/submit?id=${doc.id}`);
    if (s.reach === 'submitted') continue;
    await approveAll(people.approvers, 'sealApply', doc.id);
    if (s.reach === 'approved') continue;
    if (s.reach === 'stamped') {
      const stamped = await keeper.upload(`${s.documentName}（已盖章）.pdf`, pdf(`${s.documentName} stamped`));
      await keeper.call('POST', `/seal/apply/stamp?id=${doc.id}`, {
        stampedFiles: [stamped],
        keeperRemark: '已核对定稿，加盖完毕',
      });
      continue;
    }
    await keeper.call('POST', `/seal/apply/takeOut?id=${doc.id}`);
    if (s.reach === 'returned') {
      const stamped = await keeper.upload(`${s.documentName}（盖章件）.pdf`, pdf(`${s.documentName} stamped`));
      await keeper.call('POST', `/seal/apply/giveBack?id=${doc.id}`, { stampedFiles: [stamped], keeperRemark: '印章完好归还' });
    }
  }

  for (const p of plan.printJobs) {
    const who = people[p.by];
    const original = await who.upload(`${p.documentName}.pdf`, pdf(p.documentName));
    const doc = (await who.call('POST', '/printing/apply/save', {
      documentName: p.documentName,
      copies: p.copies,
      pages: p.pages,
      colour: p.colour,
      paperSize: p.paperSize ?? 'A4',
      sides: '2',
      binding: p.binding,
      costDeptId: plan.deptId(p.costDept),
      neededBy: plan.day(p.neededIn),
      files: [original],
    })) as { id: number };
    if (p.reach === 'draft') continue;
    await who.call('POST', `/printing/apply/submit?id=${doc.id}`);
    if (p.reach === 'submitted') continue;
    await approveAll(people.approvers, 'printApply', doc.id);
    if (p.reach === 'done')
      await keeper.call('POST', `/printing/apply/finish?id=${doc.id}`, { actualCost: (p.actualCost ?? 0).toFixed(2) });
  }
}
