import { PROGRAMME_LEADERS, type Role } from '../domain/roles';

/**
 * The role × resource × action matrix of SPEC.md §6, as data. The menu, the buttons and the API
 * all ask `can()` over this table; docs/permissions.md is generated from it.
 * Where the spec leaves a group's members unnamed, the choice is recorded in docs/decisions/0040 and 0071.
 */
export const ACTIONS = ['create', 'read', 'update', 'delete', 'export', 'import'] as const;
export type Action = (typeof ACTIONS)[number];

const MEAL: Role[] = ['MEAL and Digital Tool Manager', 'MEAL and Digital Tool Officer', 'MEAL Associate'];
/** "advisers, directors, managers" of SPEC.md §6. */
const LEADERS: Role[] = [...PROGRAMME_LEADERS, 'Project Manager'];
const ACTIVITY_STAFF: Role[] = ['Senior Project Officer', 'Project Officer', 'MIS Officer', 'Volunteer Supervisor'];
const CLINIC: Role[] = ['Clinic MO', 'Clinic Counselor', 'Clinic Data Assistant'];

type Grants = Partial<Record<Action, readonly Role[]>>;

function all(roles: Role[]): Grants {
  return { create: roles, read: roles, update: roles, delete: roles, export: roles };
}
function merge(...grants: Grants[]): Grants {
  const out: Partial<Record<Action, Role[]>> = {};
  for (const g of grants) {
    for (const [action, roles] of Object.entries(g) as [Action, Role[]][]) {
      out[action] = [...new Set([...(out[action] ?? []), ...roles])];
    }
  }
  return out;
}
const readExport = (roles: Role[]): Grants => ({ read: roles, export: roles });

const basicData = merge(all([...MEAL, 'Admin']), {
  read: [
    ...LEADERS,
    'Project Officer',
    'Data Assistant',
    'MIS Officer',
    'Senior Project Officer',
    'Volunteer Supervisor',
  ],
});
const patientGroup = merge(
  all([...MEAL, 'Field Officer', 'Data Assistant']),
  readExport([...LEADERS, 'Project Officer']),
  {
    import: [...LEADERS, 'Project Officer'],
  },
);

/** Those who record a VOT patient's care (SPEC.md §6 "medicine/sputum create and update", the Change Pure or Hybrid button). */
const CARE: Role[] = [...MEAL, 'Field Officer', 'Data Assistant'];
/** Deletes of VOT history (SPEC.md §6 "change-volunteer delete and infection-list delete"): not the Field Officer who recorded it. */
const HISTORY_DELETE: Role[] = [...MEAL, 'Data Assistant'];
const careGroup = (deleters: Role[]): Grants => ({
  create: CARE,
  update: CARE,
  delete: deleters,
  read: patientGroup.read!,
  export: patientGroup.export!,
});

export const MATRIX = {
  accounts: all(['Admin', ...MEAL]),
  regions: basicData,
  districts: basicData,
  townships: basicData,
  projects: basicData,
  medicines: basicData,
  volunteers: merge(all([...MEAL, 'Field Officer', 'Data Assistant']), readExport([...LEADERS, 'Project Officer']), {
    read: [...ACTIVITY_STAFF, 'Admin'],
  }),
  'volunteer-passwords': { read: [...MEAL, 'Field Officer', 'Data Assistant'] },
  trainings: merge(all(ACTIVITY_STAFF), readExport(['Admin', ...LEADERS, ...MEAL, 'Field Officer', 'Data Assistant'])),
  activities: merge(all(ACTIVITY_STAFF), readExport(['Admin', 'Project Manager', ...MEAL])),
  handouts: merge(all(MEAL), readExport([...LEADERS, ...ACTIVITY_STAFF, 'Field Officer', 'Data Assistant'])),
  patients: patientGroup,
  'patient-passwords': { read: patientGroup.update! },
  'vot-eligible': patientGroup,
  'vot-status': patientGroup,
  'change-volunteers': careGroup(HISTORY_DELETE),
  'patient-medicines': careGroup(CARE),
  'fu-sputum': careGroup(CARE),
  'infection-checklists': careGroup(HISTORY_DELETE),
  // The missed-dose worklist: the DOT patient group reads it; those who record care, and the Project
  // Officer a case escalates to, record actions. An action is history: never changed or deleted.
  'follow-ups': { read: patientGroup.read!, export: patientGroup.export!, create: [...CARE, 'Project Officer'] },
  // The video review queue: those who follow VOT patients' doses (who record their care, and the
  // Project Officer who supervises them) read it and give a verdict; a given verdict is corrected
  // only by a supervising role (docs/decisions/0173-video-review-permissions.md).
  'video-reviews': {
    read: [...CARE, 'Project Officer'],
    create: [...CARE, 'Project Officer'],
    update: ['Project Officer', 'MEAL and Digital Tool Manager'],
  },
  // The home's review timeliness and staff sign-ins per township (docs/decisions/0191): the roles
  // that supervise those who review videos and follow patients up, not those supervised.
  supervision: { read: [...MEAL, ...LEADERS, 'Project Officer'] },
  trash: merge(
    all([...MEAL, 'Data Assistant']),
    readExport(['Senior Technical Adviser (TB)', 'Programme Director TB', 'Project Officer']),
    // A Field Officer moves patients and volunteers to the trash: they read and recover their own
    // townships' (the repositories scope the trash by recover township), never delete for good.
    { read: ['Field Officer'], update: ['Field Officer'] },
  ),
  'clinic-patients': readExport(['Project Officer', 'MIS Officer', ...CLINIC, 'Admin', 'Project Manager']),
  dashboards: readExport([
    ...MEAL,
    ...LEADERS,
    'Admin',
    'Project Officer',
    'Field Officer',
    'Data Assistant',
    'MIS Officer',
    'Senior Project Officer',
  ]),
  reports: readExport([
    ...MEAL,
    ...LEADERS,
    'Admin',
    'Project Officer',
    'Field Officer',
    'Data Assistant',
    'MIS Officer',
    'Senior Project Officer',
  ]),
} satisfies Record<string, Grants>;

export type Resource = keyof typeof MATRIX;

/**
 * Why a resource's grants are what they are where SPEC.md §6 leaves a role's reach open; printed
 * under each resource in docs/permissions.md, so the reasons travel with the table.
 */
export const NOTES: Partial<Record<Resource, string>> = {
  accounts:
    "SPEC.md §6: Admin and the three MEAL roles only. Nobody deletes their own account. Each acts only on the accounts ranked below their own (the ranks below); an Admin on every account. The last Admin is never deleted nor given another role (409). An initial password is shown only to those who may act on its account, and only while it is unchanged and unexpired; a demo account's password (which does not expire) only to an Admin.",
  regions:
    'The "Update buttons" group of SPEC.md §6 follows basic data: Admin and the MEAL roles change regions, districts, townships, projects and medicines; the rest read (the activity staff need townships to filter their lists). Field Officers have no basic-data screens: their townships come with their session.',
  volunteers:
    'Admin and the activity staff (Senior Project Officer, MIS Officer, Volunteer Supervisor) read volunteers, without export: they choose volunteers for trainings and community activities. A Field Officer sees only the volunteers of their townships, and their new volunteers take one of those townships.',
  'volunteer-passwords':
    "Who sees volunteers' generated initial app passwords (in a volunteer's detail and the export; never in lists, dropdowns or the trash): those who register volunteers and hand out their sign-ins. A grant of its own, so widening who may edit volunteers never widens who sees their credentials.",
  trainings:
    'SPEC.md §6 gives create, update and delete to the activity staff and read/export to Admin and Project Manager; every role that reads volunteers also reads their trainings.',
  activities:
    'Community activities, as SPEC.md §6 says for the Activities group; also the staff lists of the health education, contact tracing and supervision visit records volunteers make in the phone app (read). A Field Officer has no activities screens.',
  handouts: 'The activity staff read handouts too: volunteer supervisors hand them out in the field.',
  'vot-status':
    'The DOT patient group of SPEC.md §6: the VOT Status lists and their export, Move To VOT, VOT End, VDOT Conclusion, the visits made on the dashboard (their remark updated and deleted; records from the phone app never), the visit lists, the VOT calendar, the no-app grid (create days, tick and reset is update, delete a day) and the visit exports.',
  'change-volunteers':
    'The Change Pure or Hybrid button (create) and the change-volunteer delete group of SPEC.md §6, whose members the spec does not name: those who update patients change pure or hybrid and the volunteer; only the MEAL roles and the Data Assistant delete an entry (and only one without visit records), not the Field Officer who made it. Read and export follow the DOT patient group.',
  'patient-medicines':
    'The "medicine/sputum create and update" group of SPEC.md §6: those who update patients add, change and remove a patient\'s medicines (only while the patient has no VOT end date). Read follows the DOT patient group.',
  'fu-sputum':
    'The "medicine/sputum create and update and sputum export" group of SPEC.md §6: those who update patients record follow-up sputum; the DOT patient group reads and exports it.',
  'infection-checklists':
    'The infection-list delete group of SPEC.md §6 has its own members: the MEAL roles and the Data Assistant. Those who update patients record a checklist; the DOT patient group reads it.',
  'follow-ups':
    "The missed-dose worklist (GET follow-ups) and a patient's follow-up history: read by the DOT patient group. An action (a call, a home visit, a referral) is recorded by those who record a VOT patient's care and by the Project Officer, the last level a case escalates to (volunteer, Field Officer, Project Officer; docs/decisions/0172-follow-up-escalation.md). Actions are never updated or deleted: a mistake is corrected by recording another. A Field Officer sees and records only the patients of their townships.",
  'video-reviews':
    "The video review queue (GET video-reviews) and a verdict on a patient's own video (POST video-reviews/{id}, `create`): those who record a VOT patient's care and the Project Officer, who follows the patients' doses. A verdict already given is corrected (`update`) only by a supervising role, the Project Officer or the MEAL and Digital Tool Manager; the previous verdict stays in the audit. A Field Officer sees and reviews only the videos of their townships' patients (docs/decisions/0173-video-review-permissions.md).",
  supervision:
    "The home's supervisors' figures (GET home's `supervision`): the share of patients' videos reviewed within the target (72 hours after arriving) and each staff member's weekdays with a sign-in, per township over a period, as the ASCENT trials report them. Read by those who supervise the reviewers: the MEAL roles, the programme leaders and Project Manager, and the Project Officer. The Field Officer and Data Assistant, whose work the figures measure, see what waits for them today instead (docs/decisions/0191-supervisors-home-figures.md).",
  trash:
    'Recover is `update`; permanent delete is `delete`, and only from trash. A volunteer with trainings or community activities is never deleted permanently: the programme keeps its history; nor is a patient who has been on VOT. The Field Officer, who may move patients and volunteers to the trash, reads and recovers those of their own townships (by the township they return to), so a slip can be undone without a supervisor; they neither export nor delete for good (docs/decisions/0160-field-officer-trash.md).',
  patients:
    'The DSTB group: the TB patient, no-SPS and no-VOT lists, registration, the patient detail, its information, TB conclusion and investigations, and the move to trash. A Field Officer sees and registers only the patients of their townships.',
  'patient-passwords':
    "Who sees patients' generated initial app passwords (in the lists, the patient's information and the export; never in the trash): those who may update patients, as the patients issue asks. A grant of its own, as for volunteers, so widening who may edit patients never widens who sees their credentials.",
  'vot-eligible':
    'The screened, eligible, acceptable and declined lists, and the VOT Eligible, VOT Accept and Reported Period forms of the patient detail.',
  'clinic-patients':
    'The all clinic patient list (every active patient) and its export; the clinic roles have no patient detail.',
  reports:
    'The VOT Report and its spreadsheet. The Field Officer reads it too, for their townships only (the figures of the patients they follow), as they do the dashboards.',
};
/**
 * The order of roles in account management, highest first. Whoever holds the `accounts` grants
 * creates, changes, resets, ends the sessions of and deletes only accounts ranked below their own,
 * and gives only such roles; the top rank (Admin) acts on every account, Admins included. So no
 * account manager can make themselves or anyone else an Admin, or take over an Admin's account.
 * Every role not named here ranks lowest. docs/permissions.md prints this table under accounts.
 */
export const ACCOUNT_RANKS: readonly (readonly Role[])[] = [
  ['Admin'],
  ['MEAL and Digital Tool Manager'],
  ['MEAL and Digital Tool Officer', 'MEAL Associate'],
];
export const RESOURCES = Object.keys(MATRIX) as Resource[];
