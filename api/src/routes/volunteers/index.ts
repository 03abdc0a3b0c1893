import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VOLUNTEER_STATUS, successMessage } from '@vot/shared/domain';
import { can } from '@vot/shared/permissions';
import { VOLUNTEER_OPERATIONS as OPS } from '@vot/shared/operations';
import { volunteerFilterSchema, type VolunteerInput } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { volunteers } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { MESSAGES, forbidden, notFound } from '../../lib/http-errors';
import { pagingOf } from '../../lib/paging';
import { limitResets, newInitialPassword } from '../../lib/initial-passwords';
import { registerTrash } from '../../lib/trash-routes';
import { register, registerList } from '../../lib/operations';
import { idOf, queryOf } from '../../lib/requests';
import { signedInUser } from '../../http/auth';
import {
  VOLUNTEER_NOT_FOUND,
  exportVolunteers,
  findVolunteer,
  hasHistory,
  listVolunteers,
  type VolunteerStatus,
} from './repository';
import { chosenTownship, codePrefix } from '../townships/repository';
import { resetAppPassword } from '../app/auth';

const HAS_HISTORY = 'This volunteer has trainings or community activities and cannot be deleted permanently.';

/**
 * The volunteer's code, their sign-in to the phone app: the township's abbreviation says at a
 * glance where the volunteer was enrolled, and the id makes it unique even where two townships
 * share an abbreviation (township names and acronyms are not unique). Zero-padded so codes read
 * and sort evenly (HTY-V0007). It never changes afterwards, not even with the township, since the
 * volunteer signs in with it.
 */
export function volunteerCode(abbreviation: string, id: number): string {
  return `${codePrefix(abbreviation)}-V${String(id).padStart(4, '0')}`;
}

/** The columns a form sets; an optional field left empty clears what was stored. */
function columnsOf(input: VolunteerInput) {
  return {
    name: input.name,
    gender: input.gender,
    age: input.age,
    address: input.address,
    phone1: input.phone1,
    phone2: input.phone2 ?? null,
    email: input.email ?? null,
    both_mdr_and_picts: input.both_mdr_and_picts,
    education_status: input.education_status,
    occupation: input.occupation,
    township_id: input.township_id,
    past_history_of_TB: input.past_history_of_TB ?? null,
    previous_volunteer_experience: input.previous_volunteer_experience ?? null,
    remark: input.remark ?? null,
    volunteer_id_gf: input.volunteer_id_gf ?? null,
  };
}

/**
 * SPEC.md §7 volunteers and the volunteer trash. Every query goes through the repository's scope,
 * so a Field Officer neither lists nor finds (404) another township's volunteers.
 */
export default async function volunteersRoutes(app: FastifyInstance) {
  const { db, secretKey } = app;
  const find = (request: FastifyRequest, id: number, status?: VolunteerStatus, tx: Database = db) =>
    findVolunteer(tx, secretKey, signedInUser(request), id, status);

  // One list serves the volunteers (volunteers/read) and the trash (trash/read): a role with neither
  // is refused before its query is read; which one it needs is decided from the parsed query, never
  // from the raw one, so `status[]=0` is the trash too.
  registerList(app, OPS.list, async ({ request, user }) => {
    if (!can(user, 'volunteers', 'read') && !can(user, 'trash', 'read')) throw forbidden();
    const query = await queryOf(volunteerFilterSchema, request);
    const trash = query.status === '0';
    if (!can(user, trash ? 'trash' : 'volunteers', 'read')) throw forbidden();
    const status: VolunteerStatus = trash ? VOLUNTEER_STATUS.trash : VOLUNTEER_STATUS.active;
    const { data, total } = await listVolunteers(
      db,
      secretKey,
      user,
      { status, townshipIds: query.township_id },
      pagingOf(request),
    );
    return { data, status: 'success' as const, total };
  });

  register(app, OPS.exportRows, async ({ request, query }) => {
    return {
      data: await exportVolunteers(db, secretKey, signedInUser(request), query.township_id),
      status: 'success' as const,
    };
  });

  register(app, OPS.show, async ({ request }) => ({
    data: await find(request, idOf(request, VOLUNTEER_NOT_FOUND), VOLUNTEER_STATUS.active),
    status: 'success' as const,
  }));

  register(app, OPS.create, async ({ request, body: input }) => {
    const initial = await newInitialPassword(app);
    const data = await mutate(db, request, async (tx) => {
      const township = await chosenTownship(tx, signedInUser(request), input.township_id);
      // The code needs the id, known only once the row exists: a unique placeholder until then.
      const [row] = await tx
        .insert(volunteers)
        .values({
          ...columnsOf(input),
          code: `pending-${randomUUID()}`,
          ...initial,
        })
        .returning({ id: volunteers.id });
      await tx
        .update(volunteers)
        .set({ code: volunteerCode(township.abbreviation, row!.id) })
        .where(eq(volunteers.id, row!.id));
      const after = await find(request, row!.id, VOLUNTEER_STATUS.active, tx);
      // The audit log drops plain_password by key name (lib/audit.ts).
      return { audit: { action: 'create', entity: 'volunteers', entity_id: row!.id, after }, result: after };
    });
    return { data, status: 'success' as const, message: successMessage('Volunteer', 'created') };
  });

  register(app, OPS.update, async ({ request, body: input }) => {
    const id = idOf(request, VOLUNTEER_NOT_FOUND);
    const data = await mutate(db, request, async (tx) => {
      const before = await find(request, id, VOLUNTEER_STATUS.active, tx);
      await chosenTownship(tx, signedInUser(request), input.township_id);
      // Only while still active: a move to trash committed meanwhile wins, and this update is a 404.
      const updated = await tx
        .update(volunteers)
        .set({ ...columnsOf(input), updated_at: new Date() })
        .where(and(eq(volunteers.id, id), eq(volunteers.status, VOLUNTEER_STATUS.active)))
        .returning({ id: volunteers.id });
      if (!updated.length) throw notFound(VOLUNTEER_NOT_FOUND);
      const after = await find(request, id, VOLUNTEER_STATUS.active, tx);
      return { audit: { action: 'update', entity: 'volunteers', entity_id: id, before, after }, result: after };
    });
    return { data, status: 'success' as const, message: successMessage('Volunteer', 'updated') };
  });

  // A new initial app password for a volunteer who forgot theirs: generated as on
  // registration, shown again where the detail shows it, and every app session of the volunteer
  // ends, so whoever held the old password is out. Not in SPEC.md §7; docs/api.md describes it.
  register(
    app,
    OPS.resetPassword,
    async ({ request }) => {
      const id = idOf(request, VOLUNTEER_NOT_FOUND);
      const initial = await newInitialPassword(app);
      const data = await mutate(db, request, async (tx) => {
        await find(request, id, VOLUNTEER_STATUS.active, tx);
        const sessions_ended = await resetAppPassword(tx, 'volunteer', id, initial);
        if (sessions_ended === null) throw notFound(VOLUNTEER_NOT_FOUND);
        const after = await find(request, id, VOLUNTEER_STATUS.active, tx);
        return {
          audit: { action: 'reset-password', entity: 'volunteers', entity_id: id, after: { sessions_ended } },
          result: after,
        };
      });
      return { data, status: 'success' as const, message: MESSAGES.passwordReset };
    },
    [limitResets],
  );

  registerTrash(app, {
    operations: OPS,
    table: volunteers,
    entity: 'volunteers',
    label: 'Volunteer',
    noun: 'volunteer',
    status: VOLUNTEER_STATUS,
    notFound: VOLUNTEER_NOT_FOUND,
    find: (request, id, status, tx) => find(request, id, status as VolunteerStatus | undefined, tx),
    // Trainings and community activities are the programme's history and its reports.
    keptFor: async (tx, before) => ((await hasHistory(tx, before.id)) ? HAS_HISTORY : null),
    hasHistory: HAS_HISTORY,
  });
}
