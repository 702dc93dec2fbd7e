import { z } from 'zod';
import { IdSchema } from '../league';
import { addDays, clockText, type LeagueZone, type LocalDate, LocalDateSchema, localTimeOf } from './calendar';
import { RosterEditSchema } from './roster';
import type { Verdict } from './verdict';
import type { Season } from './season';

/**
 * A captain's roster change request on its way to the commissioner (OQ-27b: the commissioner keys changes in on a
 * named captain's request). The captain asks from the team page; the request is checked against the roster rules
 * when sent, kept with its time, and the commissioner enters it (it then becomes a roster batch, judged again on
 * the rosters of that moment) or declines it with a reason. The captain sees its status on the team page.
 */

export const CaptainRequestStatusSchema = z.enum(['PENDING', 'ENTERED', 'REFUSED', 'DECLINED']);
export type CaptainRequestStatus = z.infer<typeof CaptainRequestStatusSchema>;

export const CaptainRequestSchema = z.object({
  id: IdSchema,
  seasonId: IdSchema,
  teamId: IdSchema,
  /** The captain asking (R-II.C.3: a captain of that team submits). */
  requestedBy: IdSchema,
  effective: LocalDateSchema,
  edits: z.array(RosterEditSchema).min(1).max(20),
  note: z.string().max(500).default(''),
  /** Server time the captain sent it: the R-II.C.3 deadline is judged at this moment, not when it is keyed in. */
  submittedAt: z.number().int().nonnegative(),
  /**
   * How the sender showed they are a captain of the team: the captain link of one of its matches (checked by the
   * server), or only by naming themselves on the team page (the commissioner confirms with them before entering).
   */
  via: z.enum(['CAPTAIN_LINK', 'TEAM_PAGE']),
  viaMatchId: IdSchema.nullable().default(null),
  status: CaptainRequestStatusSchema.default('PENDING'),
  /** ENTERED: the roster batch it became. */
  batchId: IdSchema.nullable().default(null),
  /** REFUSED: the rule that refused it when entered; DECLINED: the commissioner's reason. */
  answer: z.object({ rule: z.string().nullable(), message: z.string().max(1000) }).nullable().default(null),
  decidedAt: z.number().int().nonnegative().nullable().default(null),
});
export type CaptainRequest = z.infer<typeof CaptainRequestSchema>;

/** What a captain sends (the server adds who, when and how it was shown). */
export const CaptainRequestBodySchema = z.object({
  requestedBy: IdSchema,
  effective: LocalDateSchema,
  edits: z.array(RosterEditSchema).min(1).max(20),
  note: z.string().max(500).default(''),
  /** The captain link of one of the team's matches, as the phone remembers it from opening that link. */
  captainLink: z.object({ matchId: IdSchema, token: z.string().min(1).max(200) }).optional(),
});
export type CaptainRequestBody = z.input<typeof CaptainRequestBodySchema>;

/** At most this many requests of a team wait for the commissioner at once: enough for a busy week, not a flood. */
export const MAX_PENDING_REQUESTS = 10;

export interface RosterDeadline {
  /** Today, league time. */
  today: LocalDate;
  /** 'HH:MM', league time (R-II.C.3: 16:00 unless the season says otherwise). */
  time: string;
  timeZone: string;
  /** Whether a change can still take effect today. */
  openForToday: boolean;
  /** The first day a change sent now can take effect. */
  earliest: LocalDate;
}

/** R-II.C.3 / OQ-27b as a captain needs to read it: by when a change for today must be in, in the league's zone. */
export function rosterDeadline(season: Season, zone: LeagueZone, now: number): RosterDeadline {
  const local = localTimeOf(now, zone);
  const cutoff = season.settings.rosterDeadlineMinutes;
  // The same minute-resolution reading as the check in rosterChanges.ts: 16:00:59 still counts as 16:00.
  const openForToday = Math.floor(local.msOfDay / 60_000) <= cutoff;
  return { today: local.date, time: clockText(cutoff), timeZone: zone.name, openForToday, earliest: openForToday ? local.date : addDays(local.date, 1) };
}

/**
 * The commissioner's decision on a request (OQ-27b). A request is answered once: the route applies this with
 * compare-and-set on the request's revision, so of two decisions racing each other (an enter and a decline, or two
 * enters) exactly one is stored and the other is refused with what the request already says. Entering is decided
 * here before the batch is written to the roster, so a request never reads "Declined" while its batch is on it.
 */
export type RequestDecision =
  | { kind: 'ENTER'; batchId: string; at: number }
  /** Entering it broke a roster rule: the rule is the answer. */
  | { kind: 'REFUSE'; rule: string; message: string; at: number }
  | { kind: 'DECLINE'; reason: string; at: number };

export function decideOnRequest(request: CaptainRequest, decision: RequestDecision): Verdict<CaptainRequest> {
  if (request.status !== 'PENDING') {
    return { ok: false, refusal: { rule: 'OQ-27b', code: 'ANSWERED', message: `This request was already ${answeredText(request)}.` } };
  }
  switch (decision.kind) {
    case 'ENTER':
      return { ok: true, value: { ...request, status: 'ENTERED', batchId: decision.batchId, decidedAt: decision.at } };
    case 'REFUSE':
      return { ok: true, value: { ...request, status: 'REFUSED', answer: { rule: decision.rule, message: decision.message }, decidedAt: decision.at } };
    case 'DECLINE':
      return { ok: true, value: { ...request, status: 'DECLINED', answer: { rule: null, message: decision.reason }, decidedAt: decision.at } };
    default:
      return assertNever(decision);
  }
}

/** "entered", "declined: Talk to me first.", "refused (R-II.A.1)". */
function answeredText(request: CaptainRequest): string {
  switch (request.status) {
    case 'ENTERED':
      return 'entered';
    case 'DECLINED':
      return `declined${request.answer ? `: ${request.answer.message}` : ''}`;
    case 'REFUSED':
      return `refused${request.answer?.rule ? ` (${request.answer.rule})` : ''}`;
    case 'PENDING':
      return 'answered';
    default:
      return assertNever(request.status);
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
