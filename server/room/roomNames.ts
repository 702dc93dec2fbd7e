import type { Side } from '../../shared/index';

/** Socket.IO room names. One room per match; per team for drafts; per seat so a newer connection can replace it. */
export const matchRoom = (matchId: string) => `match:${matchId}`;
export const teamRoom = (matchId: string, side: Side) => `match:${matchId}:${side}`;
/** A seat is one device on one team's captain link (no deviceId: the team's link as a whole). */
export const seatName = (matchId: string, side: Side, deviceId: string | undefined) =>
  `seat:${matchId}:${side}:${deviceId ?? '*'}`;
