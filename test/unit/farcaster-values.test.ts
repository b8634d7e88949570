// Farcaster cells as the dumps write them: user data types, verified addresses
// (Ethereum hex, Solana base58 or raw bytes, Neynar's claim JSON), cast embeds in
// each shape seen in exports, and the timestamp forms of psql and Dune.
import { solanaAddress } from '../../src/datagen/identity';
import { base58Decode, base58Encode } from '../../src/importer/specs/base58';
import { castEmbeds, embeddedCast } from '../../src/importer/specs/cast-embeds';
import { claimAddress, userDataType, verificationProtocol, verifiedAddress } from '../../src/importer/specs/farcaster-values';
import { timestamp } from '../../src/importer/parse-values';

const hex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));
// Real Solana program ids and their 32 bytes (as Solana tooling prints them).
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_PROGRAM_HEX = '06ddf6e1d765a193d9cbe146ceeb79ac1cb485ed5f5b37913a8cf5857eff00a9';
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const ATA_PROGRAM_HEX = '8c97258f4e2489f1bb3d1029148e0d830b5a1399daff1084048e7bd8dbe9f859';
const ETH = '0x8fc5d6afe572fefc4ec153587b63ce543f6fa2ea';

describe('base58', () => {
  it('when known Solana addresses are encoded and decoded, then they match their bytes', () => {
    expect(base58Encode(hex(TOKEN_PROGRAM_HEX))).toBe(TOKEN_PROGRAM);
    expect(base58Encode(hex(ATA_PROGRAM_HEX))).toBe(ATA_PROGRAM);
    expect(Buffer.from(base58Decode(TOKEN_PROGRAM) ?? []).toString('hex')).toBe(TOKEN_PROGRAM_HEX);
    // The system program: 32 zero bytes, each a leading '1'.
    expect(base58Encode(new Uint8Array(32))).toBe('1'.repeat(32));
    expect(base58Decode('1'.repeat(32))).toEqual(new Uint8Array(32));
  });

  it('when the demo generator writes Solana addresses, then each is 32 bytes (the importer accepts it)', () => {
    const addresses = Array.from({ length: 5000 }, (_, i) => solanaAddress(7, i + 1)).filter((a): a is string => a !== null);
    expect(addresses.length).toBeGreaterThan(100);
    expect(addresses.filter((a) => base58Decode(a)?.length !== 32)).toEqual([]);
  });

  it('when text holds a character outside the alphabet, then it does not decode', () => {
    expect(['0OIl', 'abc0'].map(base58Decode)).toEqual([null, null]);
  });
});

describe('verified addresses', () => {
  it('when no protocol is given, then 20 bytes are Ethereum hex and 32 bytes Solana base58', () => {
    expect(verifiedAddress(`\\x${ETH.slice(2).toUpperCase()}`, null)).toEqual({ address: ETH, protocol: 'ethereum' });
    expect(verifiedAddress(ETH.slice(2), null)).toEqual({ address: ETH, protocol: 'ethereum' });
    expect(verifiedAddress(`\\x${TOKEN_PROGRAM_HEX}`, null)).toEqual({ address: TOKEN_PROGRAM, protocol: 'solana' });
    expect(verifiedAddress(`0x${ATA_PROGRAM_HEX}`, null)).toEqual({ address: ATA_PROGRAM, protocol: 'solana' });
    expect(verifiedAddress(TOKEN_PROGRAM, null)).toEqual({ address: TOKEN_PROGRAM, protocol: 'solana' });
  });

  it('when the bytes are neither 20 nor 32 long, or not an address at all, then there is none', () => {
    expect(['0xbbbb', `0x${'ab'.repeat(21)}`, '0xabc', 'not an address', 'Tokenkeg'].map((a) => verifiedAddress(a, null)))
      .toEqual([null, null, null, null, null]);
  });

  it('when a protocol is given, then it decides, and a Solana address in hex becomes base58', () => {
    expect(verifiedAddress(`0x${TOKEN_PROGRAM_HEX}`, 'solana')).toEqual({ address: TOKEN_PROGRAM, protocol: 'solana' });
    expect(verifiedAddress(TOKEN_PROGRAM, 'solana')).toEqual({ address: TOKEN_PROGRAM, protocol: 'solana' });
    expect(verifiedAddress(TOKEN_PROGRAM_HEX, 'solana')).toEqual({ address: TOKEN_PROGRAM, protocol: 'solana' });
    expect(verifiedAddress(ETH, 'ethereum')).toEqual({ address: ETH, protocol: 'ethereum' });
    expect(verifiedAddress(`0x${TOKEN_PROGRAM_HEX}`, 'ethereum')).toBeNull();
    expect(verifiedAddress(ETH, 'solana')).toBeNull();
    expect(verifiedAddress(TOKEN_PROGRAM, 'ethereum')).toBeNull();
  });

  it('when a protocol is written as the enum number or name, then it is read', () => {
    expect(['0', '1', 'PROTOCOL_ETHEREUM', 'protocol_solana', 'ethereum', 'Solana', '2'].map(verificationProtocol))
      .toEqual(['ethereum', 'solana', 'ethereum', 'solana', 'ethereum', 'solana', null]);
  });

  it('when a claim carries the address, then it is read with its protocol if any', () => {
    expect(claimAddress({ address: ETH, claimSignature: '0x12', blockHash: '0x34' })).toEqual({ address: ETH, protocol: null });
    expect(claimAddress({ address: ETH.toUpperCase().replace('0X', '0x'), ethSignature: '0x12', blockHash: '0x34' }))
      .toEqual({ address: ETH.toUpperCase().replace('0X', '0x'), protocol: null });
    expect(claimAddress({ address: TOKEN_PROGRAM, protocol: 'PROTOCOL_SOLANA' })).toEqual({ address: TOKEN_PROGRAM, protocol: 'solana' });
    expect([claimAddress({ blockHash: '0x34' }), claimAddress({ address: ' ' }), claimAddress('0x12'), claimAddress(null)])
      .toEqual([null, null, null, null]);
  });
});

describe('user data types', () => {
  it('when a type is a number or a hub enum name, then it is the UserDataType number', () => {
    expect(['1', '7', '10', 'USER_DATA_TYPE_PFP', 'USER_DATA_TYPE_BANNER', 'user_data_type_location',
      'USER_DATA_PRIMARY_ADDRESS_ETHEREUM', 'USER_DATA_PRIMARY_ADDRESS_SOLANA', 'banner', 'DISPLAY',
      'USER_DATA_TYPE_PROFILE_TOKEN', 'USER_DATA_TYPE_LIVE_AT', '14'].map(userDataType))
      .toEqual([1, 7, 10, 1, 10, 7, 11, 12, 10, 2, 13, 14, 14]);
  });

  it('when a type is neither, then it is rejected', () => {
    expect(['-1', 'USER_DATA_TYPE_AVATAR', '1.5'].map(userDataType)).toEqual([null, null, null]);
  });
});

describe('cast embeds', () => {
  const QUOTED = '0xa48dd46161d8e57725f5e26e34ec19c13ff7f3b9';
  const BYTES = '164,141,212,97,97,216,229,119,37,245,226,110,52,236,25,193,63,247,243,185';

  it('when embeds are hub JSON, then a castId makes a quote and the JSON is kept', () => {
    expect(castEmbeds(`[{"url":"https://x.example/a.png"},{"castId":{"fid":3,"hash":"${QUOTED.toUpperCase().replace('0X', '0x')}"}}]`)).toEqual({
      json: `[{"url":"https://x.example/a.png"},{"castId":{"fid":3,"hash":"${QUOTED}"}}]`, quotedHash: QUOTED, quotedFid: 3,
    });
    expect(castEmbeds('[]')).toEqual({ json: '[]', quotedHash: null, quotedFid: null });
  });

  it('when a quoted hash is a Node Buffer, then it becomes lowercase 0x hex', () => {
    expect(castEmbeds(`[{"castId":{"fid":3,"hash":{"type":"Buffer","data":[${BYTES}]}}}]`)).toEqual({
      json: `[{"castId":{"fid":3,"hash":"${QUOTED}"}}]`, quotedHash: QUOTED, quotedFid: 3,
    });
    expect(castEmbeds(`[{"cast_id":{"fid":"3","hash":{"type":"Buffer","data":[${BYTES}]}}}]`)?.quotedHash).toBe(QUOTED);
  });

  it('when embeds are Python literals, then they are read as JSON', () => {
    expect(castEmbeds(`[{'url': 'https://x.example/it\\'s.png'}, {'castId': {'fid': 3, 'hash': '${QUOTED}'}, 'x': None}]`)).toEqual({
      json: `[{"url":"https://x.example/it's.png"},{"castId":{"fid":3,"hash":"${QUOTED}"},"x":null}]`, quotedHash: QUOTED, quotedFid: 3,
    });
  });

  it('when embeds are JSON inside a JSON string, then the inner JSON is read', () => {
    expect(castEmbeds(JSON.stringify(`[{"castId":{"fid":3,"hash":"${QUOTED}"}}]`))).toEqual({
      json: `[{"castId":{"fid":3,"hash":"${QUOTED}"}}]`, quotedHash: QUOTED, quotedFid: 3,
    });
    expect(castEmbeds(JSON.stringify("[{'url': 'https://x.example'}]"))?.json).toBe('[{"url":"https://x.example"}]');
  });

  it('when embeds are none of the shapes, then they are not read', () => {
    expect(['[{url: x}]', "{'a'", 'plain text', '"just a string"', "[{'a': set()}]"].map(castEmbeds))
      .toEqual([null, null, null, null, null]);
  });

  it('when Neynar v3 lists quoted casts apart, then the first is the quote', () => {
    expect(embeddedCast(`["${QUOTED}"]`, '[3]')).toEqual({ hash: QUOTED, fid: 3 });
    expect(embeddedCast('[]', '[]')).toBeNull();
    expect(embeddedCast('', '')).toBeNull();
  });
});

describe('dump timestamps', () => {
  it('when psql and Dune write timestamps, then each is the right UTC instant', () => {
    expect([
      '2024-01-09 17:21:03.415+00', // psql \copy of timestamptz, session in UTC
      '2024-01-09 17:21:03.415+00:00',
      '2024-01-09 18:21:03.415+01', // the same instant from a session in Europe/Paris (winter)
      '2024-01-09 12:51:03.415-04:30',
      '2024-01-09 17:21:03.415 UTC', // Dune CSV download
      '2024-01-09T17:21:03.415000Z', // Parquet, as the reader hands it over
      '2024-01-09 17:21:03.415000123 UTC', // nanoseconds
    ].map(timestamp)).toEqual(Array(7).fill('2024-01-09T17:21:03.415000Z'));
    expect(timestamp('2024-01-09 17:21:03+00')).toBe('2024-01-09T17:21:03.000000Z');
  });
});
