import { describe, expect, it } from 'vitest';
import { fold, initialState, MatchSetupSchema } from '../../shared/index';
import { roomStates } from '../../server/league/roomStates';
import { LiveMatches } from '../../server/room/liveMatches';
import { testSetup } from '../helpers/matchScript';
import { redisRoomStores } from '../helpers/redisRoomStores';
import { playMatch } from './playedMatch';
import { recordingReads } from './readLog';

/**
 * A season read in the process that serves the rooms (server/league/roomStates.ts with room/liveMatches.ts): it
 * starts from the rooms' own copies, so a room under way here is neither loaded nor folded a second time; what
 * another process appended since is still read and folded, so the read is as current as the store.
 */
describe('season reads start from the rooms this process serves (roomStates.ts)', async () => {
  const { open } = redisRoomStores('liverooms');
  const store = await open();
  const other = await open();

  it('a room held here costs one small read and no fold; one appended to by another process is brought up to date', async () => {
    const setup = MatchSetupSchema.parse(testSetup('live-1', Date.UTC(2026, 10, 30, 19)));
    const played = playMatch(setup, ['H1', 'H2', 'H3', 'H4', 'H5', 'H6'], ['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
    const half = Math.floor(played.log.length / 2);
    const first = played.log.slice(0, half);
    await store.create('live-1', { captainTokenHashes: { HOME: 'h', AWAY: 'a' }, createdAt: 0 }, initialState(setup));
    await store.append('live-1', 0, first, fold(initialState(setup), first), 'c1', { status: 'accepted', version: half });
    const live = new LiveMatches(store);
    const held = (await live.current('live-1'))!;
    expect(held.version).toBe(half);

    const { store: reads, read } = recordingReads(store);
    const states = await roomStates(reads, ['live-1'], live);
    // The room's own copy, as is: not loaded, not folded into a copy of the league's.
    expect(states.get('live-1')).toBe(held.state);
    expect(read).toEqual([`events live-1 after ${half}`]);

    // Another process appends the rest: the next read folds those events onto the held copy, and agrees with the store.
    const rest = played.log.slice(half);
    await other.append('live-1', half, rest, played.state, 'c2', { status: 'accepted', version: played.log.length });
    read.length = 0;
    const after = await roomStates(reads, ['live-1'], live);
    expect(read).toEqual([`events live-1 after ${half}`]);
    expect(after.get('live-1')).toEqual((await store.load('live-1'))!.snapshot);
    // Without the rooms' copies (a process serving none of them) the first read loads the room.
    const { store: fresh, read: freshReads } = recordingReads(store);
    expect((await roomStates(fresh, ['live-1'])).get('live-1')).toEqual(played.state);
    expect(freshReads).toEqual(['room live-1']);
  });
});
