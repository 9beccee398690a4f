import { describe, expect, it } from 'vitest';
import { channelNames, eventNames } from './channel-names';
import { contract, events } from './contract';

describe('shared/ipc/channel-names.ts (what the preload imports instead of the contract)', () => {
  it('lists exactly the contract channels and events, in order (regenerate: node scripts/gen-channel-names.mjs)', () => {
    expect([...channelNames]).toEqual(Object.keys(contract));
    expect([...eventNames]).toEqual(Object.keys(events));
  });
});
