// What one transaction has already read of a table, so a batch (an import of 10,000 cards of the
// same few categories and departments) asks it once, not once a row (issue 37: the import held the
// embedded database's one connection 4.7 ms a row, half of it asking the same references again).
// Kept per transaction object, so it dies with it; forgotten for a table as soon as the save
// pipeline writes to that table in the transaction, so a read after a write is never stale.
type Memo = Map<string, Map<string, Promise<unknown>>>;

const memos = new WeakMap<object, Memo>();

/** The value of `read` for this table and key in this transaction: read once, then remembered. */
export function readOnce<T>(trx: object, table: string, key: string, read: () => Promise<T>): Promise<T> {
  let memo = memos.get(trx);
  if (!memo) memos.set(trx, (memo = new Map()));
  let reads = memo.get(table);
  if (!reads) memo.set(table, (reads = new Map()));
  let value = reads.get(key) as Promise<T> | undefined;
  if (!value) {
    value = read();
    reads.set(key, value);
    // A failed read is not remembered: the next row asks again.
    value.catch(() => reads!.delete(key));
  }
  return value;
}

/** The transaction writes to `table`: what it read of it is read again. */
export function forgetReads(trx: object, table: string): void {
  memos.get(trx)?.delete(table);
}
