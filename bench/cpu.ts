// Where the machine's CPU went during a load (issue 37), from /proc: the product's nodes, the
// PostgreSQL server and the load generator (this process). A closed loop of n connections at X
// requests/s waits n / X on average (Little's law), and X can be no more than the machine's cores
// divided by the CPU one request needs; so the CPU a request took, measured in the same run, gives the
// least any order of the queues could wait on average: the floor the tail is set against.
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux everywhere it runs). */
const HZ = 100;

export interface CpuUsed {
  /** CPU of the product's node processes, all their threads, ms. */
  nodesMs: number;
  /** CPU of the PostgreSQL server, its postmaster and every backend (also those that ended), ms. */
  databaseMs: number;
  /** CPU of the load generator (this process), ms. */
  clientMs: number;
  wallMs: number;
}

/** Fields after the command of /proc/<pid>/stat (the command may hold spaces and parentheses). */
function statOf(pid: number): string[] | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime (fields 14 and 15 of stat), and with `reaped` cutime + cstime (16, 17), in ms. */
function cpuMsOf(pid: number, reaped = false): number {
  const f = statOf(pid);
  if (!f) return 0;
  // f[0] is field 3 (state): field k is f[k - 3].
  const ticks = Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0);
  return (ticks * 1000) / HZ;
}

function commOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

const parentOf = (pid: number) => Number(statOf(pid)?.[1] ?? 0);

/**
 * The postmaster of the PostgreSQL server behind `url` (a bench may run beside another server): the
 * parent of a backend that server starts for a connection.
 */
export async function postmasterOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const backend = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
    const postmaster = parentOf(backend);
    if (commOf(postmaster) !== 'postgres')
      throw new Error(`the PostgreSQL server of ${new URL(url).host} is not on this machine`);
    return postmaster;
  } finally {
    await client.end();
  }
}

/** A PostgreSQL server's CPU so far: its live processes and the children its postmaster reaped. */
function databaseCpuMs(postmaster: number): number {
  const backends = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => parentOf(pid) === postmaster);
  return cpuMsOf(postmaster, true) + backends.reduce((n, p) => n + cpuMsOf(p), 0);
}

/** Starts counting; `stop` says what each part used since. `postgres`: the server's postmaster, if any. */
export function cpuMeter(nodePids: number[], options: { postgres: number | null }): { stop(): CpuUsed } {
  const nodes = () => nodePids.reduce((n, p) => n + cpuMsOf(p), 0);
  const database = () => (options.postgres ? databaseCpuMs(options.postgres) : 0);
  const client = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const began = { nodes: nodes(), database: database(), client: client(), wall: performance.now() };
  return {
    stop: () => ({
      nodesMs: nodes() - began.nodes,
      databaseMs: database() - began.database,
      clientMs: client() - began.client,
      wallMs: performance.now() - began.wall,
    }),
  };
}

export interface CpuFloor {
  /** CPU a request took, ms: the nodes' and the database's (the client's is not the product's). */
  perRequestMs: number;
  nodesPerRequestMs: number;
  databasePerRequestMs: number;
  clientPerRequestMs: number;
  /** Cores busy on average during the run, all parts together. */
  coresBusy: number;
  /**
   * The least mean wait of `connections` closed loops: connections × CPU a request took ÷ the
   * machine's cores, as if every cycle of every core went to the product and none was lost.
   */
  floorMeanMs: number;
}

export function cpuFloor(used: CpuUsed, requests: number, connections: number, cores = os.cpus().length): CpuFloor {
  const per = (ms: number) => (requests ? ms / requests : NaN);
  const perRequestMs = per(used.nodesMs + used.databaseMs);
  return {
    perRequestMs,
    nodesPerRequestMs: per(used.nodesMs),
    databasePerRequestMs: per(used.databaseMs),
    clientPerRequestMs: per(used.clientMs),
    coresBusy: (used.nodesMs + used.databaseMs + used.clientMs) / used.wallMs,
    floorMeanMs: (connections * perRequestMs) / cores,
  };
}
