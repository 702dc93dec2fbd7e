import type { NextFunction, Request, Response } from 'express';
import { isAdminToken } from '../auth/roles';

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerToken(req: Request): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
}

/** Commissioner-only routes: `Authorization: Bearer <ADMIN_TOKEN>`. */
export function requireCommissioner(adminToken: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const token = bearerToken(req);
    if (token && isAdminToken(token, adminToken)) return next();
    res.status(401).set('WWW-Authenticate', 'Bearer').json({ error: 'UNAUTHORIZED', message: 'The league admin token is required.' });
  };
}
