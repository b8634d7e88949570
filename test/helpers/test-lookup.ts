// The resolver a test app gets instead of the system's: names from a table,
// every call recorded, and never a real lookup (tests resolve no public name).
import type { LookupAddress, TargetLookup } from '../../src/push/webhook-target';
import { isIPv4 } from 'node:net';

/**
 * Names every test app knows: `localhost` as the loopback, and the documented examples' `example.com` at a
 * public address, so creating the example webhook passes the target check; nothing is ever sent there (the
 * example's filter, NEW_FOLLOWER of fid 1, matches no event the example tests make).
 */
export const TEST_HOSTS: Record<string, string[]> = { localhost: ['127.0.0.1'], 'example.com': ['93.184.215.14'] };

export class TableLookup {
  /** Every name looked up, in order. */
  readonly calls: string[] = [];
  readonly table: Map<string, string[]>;

  constructor(table: Record<string, string[]> = {}) { this.table = new Map(Object.entries({ ...TEST_HOSTS, ...table })); }

  readonly lookup: TargetLookup = (hostname) => {
    this.calls.push(hostname);
    const addresses = this.table.get(hostname);
    if (!addresses) return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(addresses.map((address): LookupAddress => ({ address, family: isIPv4(address) ? 4 : 6 })));
  };

  /** How many times `hostname` was looked up. */
  count(hostname: string): number { return this.calls.filter((h) => h === hostname).length; }
}
