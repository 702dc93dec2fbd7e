import type { Side } from '../../shared/index';

/** What the store keeps beside a match's log: never sent to clients (it holds the captain token hashes). */
export interface MatchMeta {
  /** SHA-256 (hex) of each team's captain link token. */
  captainTokenHashes: Record<Side, string>;
  createdAt: number;
}
