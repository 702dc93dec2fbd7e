import { getContext, setContext } from 'svelte';
import type { MatchRoom } from '../live/matchRoom.svelte';

/** The match room of the page, handed to every screen of it. */
const KEY = Symbol('match-room');
const NAV = Symbol('match-nav');

export const provideRoom = (room: MatchRoom): MatchRoom => setContext(KEY, room);
export const useRoom = (): MatchRoom => getContext<MatchRoom>(KEY);

/** Switching screens from inside one (e.g. the to-do list's "Players" button). */
export type Navigate = (screen: 'play' | 'players' | 'sheet' | 'log' | 'share' | 'live') => void;
export const provideNavigate = (go: Navigate): Navigate => setContext(NAV, go);
export const useNavigate = (): Navigate => getContext<Navigate>(NAV);
