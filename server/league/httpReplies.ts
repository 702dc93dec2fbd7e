import type { Response } from 'express';
import type { z } from 'zod';
import type { Refusal } from '../../shared/index';

/** The league API's answers, shaped like the match API's: an error code, a message, and the rule when one applies. */

export function invalid(res: Response, what: string, error: z.ZodError): void {
  res.status(400).json({ error: 'BAD_REQUEST', message: `Invalid ${what}.`, issues: error.issues.slice(0, 20) });
}

export function notFound(res: Response, what: string): void {
  res.status(404).json({ error: 'NOT_FOUND', message: `No ${what}.` });
}

/** A rule said no: 422, with the catalogue rule the phones show beside the message. */
export function refused(res: Response, r: Refusal): void {
  res.status(422).json({ error: 'REFUSED', rule: r.rule, code: r.code, message: r.message });
}

export function conflict(res: Response, code: string, message: string): void {
  res.status(409).json({ error: code, message });
}
