import type { NextFunction, Request, Response } from 'express';
import { isAdminToken } from '../auth/roles';

/** Commissioner-only routes: `Authorization: Bearer <ADMIN_TOKEN>`. */
export function requireCommissioner(adminToken: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match?.[1] && isAdminToken(match[1], adminToken)) return next();
    res.status(401).set('WWW-Authenticate', 'Bearer').json({ error: 'UNAUTHORIZED', message: 'The league admin token is required.' });
  };
}
