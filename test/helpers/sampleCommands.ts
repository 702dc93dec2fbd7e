import { CommandSchema, type CommandInput, type CommandType } from '../../shared/index';

/**
 * One well-formed command of every type (it parses; whether the engine accepts it depends on who sends it and
 * when). `satisfies` makes the compiler demand a sample for each command type the engine adds.
 */
export const SAMPLE_COMMANDS = {
  markArrived: { type: 'markArrived', payload: { playerId: 'H7', time: 0 } },
  markDeparted: { type: 'markDeparted', payload: { playerId: 'H1', time: 0 } },
  designateActingCaptain: { type: 'designateActingCaptain', payload: { playerId: 'H3' } },
  claimForfeit: { type: 'claimForfeit', payload: {} },
  claimFullEvening: { type: 'claimFullEvening', payload: {} },
  propose: { type: 'propose', payload: { kind: 'ONE_AT_A_TIME' } },
  accept: { type: 'accept', payload: { proposalId: 'p1' } },
  decline: { type: 'decline', payload: { proposalId: 'p1' } },
  setExtraBall: { type: 'setExtraBall', payload: { extraBall: 'NONE' } },
  setBallLimit: { type: 'setBallLimit', payload: { maxThreeBalls: true } },
  enableTimeLimit: { type: 'enableTimeLimit', payload: {} },
  declareLineup: { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M3', players: ['H5', 'H6'] }, { machineId: 'M4', players: ['H1', 'H3'] }] } },
  setPlayOrder: { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: [{ playerId: 'H1', position: 1 }, { playerId: 'H2', position: 3 }] } },
  startGame: { type: 'startGame', payload: { round: 1, game: 2 } },
  enterScore: { type: 'enterScore', payload: { round: 1, game: 1, playerId: 'H2', points: 1234 } },
  replayGame: { type: 'replayGame', payload: { round: 1, game: 1 } },
  confirmEntry: { type: 'confirmEntry', payload: { entryId: 'e1' } },
  disputeEntry: { type: 'disputeEntry', payload: { entryId: 'e1', reason: 'wrong player' } },
  recordIncident: { type: 'recordIncident', payload: { round: 1, game: 1, incident: { kind: 'SLAM_TILT', side: 'AWAY', playerId: 'A1' } } },
  chooseLoggedInOption: { type: 'chooseLoggedInOption', payload: { entryId: 'e1', option: 'CONTINUE' } },
  markBall2Started: { type: 'markBall2Started', payload: { entryId: 'e1' } },
  replaceMachine: { type: 'replaceMachine', payload: { round: 1, games: [{ game: 1, machineId: 'M3' }] } },
  redeclareGames: { type: 'redeclareGames', payload: { round: 1, games: [{ game: 1, players: ['H1', 'H2'] }] } },
  chooseTiebreaker: { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M1', players: ['H1', 'H2'] } },
  declareTiebreakerPlayers: { type: 'declareTiebreakerPlayers', payload: { players: ['A1', 'A2'] } },
  startTiebreaker: { type: 'startTiebreaker', payload: {} },
  enterTiebreakerScore: { type: 'enterTiebreakerScore', payload: { side: 'HOME', points: 1000 } },
  replayTiebreaker: { type: 'replayTiebreaker', payload: {} },
  recordTiebreakerIncident: { type: 'recordTiebreakerIncident', payload: { incident: { kind: 'SLAM_TILT', side: 'AWAY', playerId: 'A1' } } },
  replaceTiebreakerMachine: { type: 'replaceTiebreakerMachine', payload: { machineId: 'M2' } },
  challengeGame: { type: 'challengeGame', payload: { round: 1, game: 1, reason: 'the machine was not reset' } },
  withdrawChallenge: { type: 'withdrawChallenge', payload: { challengeId: 'c1' } },
  writeChallengeReport: { type: 'writeChallengeReport', payload: { challengeId: 'c1', text: 'A4 nudged the machine; photo to follow' } },
  recordOpponentLeft: { type: 'recordOpponentLeft', payload: {} },
  signOff: { type: 'signOff', payload: {} },
  relocate: {
    type: 'relocate',
    payload: { cause: 'VENUE_CLOSED', venueName: 'The Other Bar', leagueVenue: false, machines: [{ id: 'X1', name: 'X1' }] },
  },
  recordRefusalToMove: { type: 'recordRefusalToMove', payload: {} },
  recordImproperMove: { type: 'recordImproperMove', payload: {} },
  ruleOnChallenge: { type: 'ruleOnChallenge', payload: { challengeId: 'c1', ruling: 'the game stands' } },
} as const satisfies { [T in CommandType]: Extract<CommandInput, { type: T }> };

/** Every command type the engine knows, read from its schema (so a new type without a sample fails a test). */
export const ALL_COMMAND_TYPES: string[] = CommandSchema.options.map((o) => o.shape.type.value);
