// A database row on the wire: what every list, page and detail answer shows of a row.
import { describe, expect, it } from 'vitest';
import { compileEntity } from '../../server/entities/model.ts';
import { toWire, wireColumns } from '../../server/entities/rows.ts';

const entity = compileEntity(
  {
    name: 'sample',
    title: 'sample.title',
    table: 'nk_sample',
    api: '/neikong/sample',
    permission: 'neikong:sample',
    fields: {
      title: { type: 'string', title: 't' },
      amount: { type: 'money', title: 'a' },
      deptId: { type: 'ref', ref: 'dept', title: 'd' },
      members: { type: 'refs', ref: 'user', title: 'm' },
      secret: { type: 'string', title: 's', writeOnly: true },
      internal: { type: 'string', title: 'i', hidden: true },
      attachments: { type: 'files', title: 'f' },
      note: { type: 'string', title: 'n', inExtend: true },
      'odd"]; process.exit(1); //': { type: 'string', title: 'o', column: 'odd' },
    },
  } as never,
  null,
);

describe('toWire', () => {
  const row = {
    id: 7,
    title: '办公用品',
    amount: '12.50',
    dept_id: 3,
    members: ['4', 5],
    secret: 'x',
    internal: 'y',
    extend: { note: '备注', attachments: '[]' },
    odd: 'still a string',
    created_by: 1,
    created_at: new Date('2026-03-01T02:00:00Z'),
    updated_by: null,
    updated_at: undefined,
    version: 2,
    schema_version: 'abc',
    deptIdLabel: '财务室',
    createdByLabel: '系统管理员',
  };

  it('shows declared fields by name, datetimes as ISO text, ids of a reference list as numbers, labels beside', () => {
    expect(toWire(entity, row)).toEqual({
      id: 7,
      title: '办公用品',
      amount: '12.50',
      deptId: 3,
      members: [4, 5],
      note: '备注',
      'odd"]; process.exit(1); //': 'still a string',
      createdBy: 1,
      createdAt: '2026-03-01T02:00:00.000Z',
      updatedBy: null,
      updatedAt: null,
      extend: { note: '备注', attachments: '[]' },
      version: 2,
      schemaVersion: 'abc',
      deptIdLabel: '财务室',
      createdByLabel: '系统管理员',
    });
  });

  it('leaves out secrets and hidden fields, and gives null for what the row lacks', () => {
    const wired = toWire(entity, { id: 1 });
    expect(wired).not.toHaveProperty('secret');
    expect(wired).not.toHaveProperty('internal');
    expect(wired).not.toHaveProperty('schemaVersion');
    expect(wired).not.toHaveProperty('deptIdLabel');
    expect(wired.title).toBeNull();
    expect(wired.members).toBeNull();
    expect(wired.extend).toEqual({});
  });

  it('reads for a page only the columns a wired row is made of', () => {
    expect(wireColumns(entity)).toEqual([
      'id',
      'title',
      'amount',
      'dept_id',
      'members',
      'odd',
      'created_by',
      'created_at',
      'updated_by',
      'updated_at',
      'extend',
      'version',
      'schema_version',
    ]);
  });
});
