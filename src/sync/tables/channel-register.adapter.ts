// fc_channel_register: the channel registry's events on chain. Like every on-chain event, stored once
// as merged and never changed; the node's fold of them (who owns a channel, until when) depends on
// their chain order only, so it is read from them (src/repositories/channel-registry.ts).
import { innerOps, type TableAdapter } from './adapter';
import type { ChannelRegisterRow } from './rows';
import { timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<ChannelRegisterRow> = {
  table: 'fc_channel_register', key: ['label', 'block_number', 'log_index'],
  columns: [
    { name: 'label', type: 'text', value: (r) => r.label },
    { name: 'block_number', type: 'bigint', value: (r) => r.block_number },
    { name: 'log_index', type: 'int', value: (r) => r.log_index },
    { name: 'tx_index', type: 'int', value: (r) => r.tx_index },
    { name: 'channel_key', type: 'text', value: (r) => r.channel_key },
    { name: 'event_type', type: 'int', value: (r) => r.event_type },
    { name: 'owner_address', type: 'text', value: (r) => r.owner_address },
    { name: 'expiry', type: 'timestamptz', value: timeValue((r) => r.expiry) },
    { name: 'block_time', type: 'timestamptz', value: timeValue((r) => r.block_time) },
  ],
};

// A stored block number comes back as text (bigint): both read alike.
const registerKey = (label: string, block: number | string, logIndex: number) => `${label}|${String(block)}|${logIndex}`;

export const channelRegisterAdapter: TableAdapter<'channelRegisters', 'channelRegister'> = {
  slot: 'channelRegisters', spec, keyOf: (r) => registerKey(r.label, r.block_number, r.log_index),
  selectors(ops) {
    const e = innerOps(ops, 'channelRegister');
    return [{ columns: ['label', 'block_number', 'log_index'], values: [e.map((o) => o.label), e.map((o) => o.blockNumber), e.map((o) => o.logIndex)] }];
  },
  rules: {
    channelRegister: {
      merge(b, o) {
        const key = registerKey(o.label, o.blockNumber, o.logIndex);
        if (b.channelRegisters.current(key)) return;
        b.channelRegisters.set(key, {
          label: o.label, block_number: o.blockNumber, log_index: o.logIndex, tx_index: o.txIndex, channel_key: o.channelKey,
          event_type: o.eventType, owner_address: o.owner, expiry: o.expiry, block_time: o.at,
        });
      },
    },
  },
};
