import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { linksFor } from '../../lib/link-sessions';
import { HANDOUT_KINDS, type HandoutKind } from '@vot/shared/domain';
import type { AppHandout, AppSubject } from '@vot/shared/schemas';
import { handouts } from '../../db/schema';
import { answers, routeSchema } from '../../openapi/routes';
import { handoutRecord } from '../handouts/repository';
import { appUserOf, authenticateApp } from './auth';

/** The handouts each app user is shown: a volunteer both (they hand the patient's one out on the doorstep), a patient theirs. */
const SHOWN: Record<AppSubject, readonly HandoutKind[]> = { volunteer: HANDOUT_KINDS, patient: ['patient'] };

/** GET app/handouts: the handout PDFs staff uploaded, with signed links (an hour) the app opens without its token. */
export default async function appHandoutRoutes(app: FastifyInstance) {
  app.get(
    '/app/handouts',
    {
      preHandler: authenticateApp,
      schema: routeSchema({
        summary:
          "The handouts the app shows: a volunteer's and the patients', or a patient's; signed links valid an hour",
        response: answers.list('AppHandout'),
      }),
    },
    async (request) => {
      const kinds = SHOWN[appUserOf(request).kind];
      const rows = await app.db
        .select()
        .from(handouts)
        .where(inArray(handouts.kind, [...kinds]));
      const data: AppHandout[] = rows
        .sort((a, b) => kinds.indexOf(a.kind as HandoutKind) - kinds.indexOf(b.kind as HandoutKind))
        .map((row) => ({ kind: row.kind as HandoutKind, ...handoutRecord(row, app.prefix, linksFor(request)) }));
      return { data, status: 'success', total: data.length };
    },
  );
}
