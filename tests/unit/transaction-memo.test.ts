// What a transaction has read of a table is read once (an import's references, issue 37), and read
// again once the transaction writes to that table.
import { describe, expect, it } from 'vitest';
import { forgetReads, readOnce } from '../../server/entities/transaction-memo.ts';

describe('reads remembered for one transaction', () => {
  it('asks once per transaction, table and key; another transaction asks again', async () => {
    const trx = {};
    let asked = 0;
    const read = async () => ++asked;
    expect(await readOnce(trx, 'as_category', 'exists:1:7', read)).toBe(1);
    expect(await readOnce(trx, 'as_category', 'exists:1:7', read)).toBe(1);
    expect(await readOnce(trx, 'as_category', 'exists:1:8', read)).toBe(2);
    expect(await readOnce(trx, 'sys_dept', 'exists:1:7', read)).toBe(3);
    expect(await readOnce({}, 'as_category', 'exists:1:7', read)).toBe(4);
  });

  it('reads a table again after the transaction wrote to it, and never remembers a failed read', async () => {
    const trx = {};
    let asked = 0;
    const read = async () => ++asked;
    await readOnce(trx, 'as_category', 'chain:1:7', read);
    await readOnce(trx, 'sys_dept', 'exists:1:3', read);
    forgetReads(trx, 'as_category');
    expect(await readOnce(trx, 'as_category', 'chain:1:7', read)).toBe(3);
    expect(await readOnce(trx, 'sys_dept', 'exists:1:3', read)).toBe(2);
    const failing = () => Promise.reject(new Error('connection lost'));
    await expect(readOnce(trx, 'sys_user', 'exists:1:1', failing)).rejects.toThrow('connection lost');
    expect(await readOnce(trx, 'sys_user', 'exists:1:1', read)).toBe(4);
  });
});
