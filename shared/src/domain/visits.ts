/**
 * The VOT visit records as staff read them (SPEC.md §2 VOT calendar, No-app DOT screen; §3 VOT
 * (DOT) visit record; §4 no-app states and colours). Every Burmese string of the visit screens is
 * here and nowhere else: the screens, their tests and the exports import these. SPEC.md names which
 * labels are Burmese but does not print them; docs/decisions/0071 records the wording.
 */
import { todayIn } from './dates';

/** The calendar's work label of a tile and the detail's work type: Burmese for 1 to 3 (SPEC.md §3), English otherwise. */
export const WORK_LABELS: Record<number, string> = {
  1: 'ကိုယ်တိုင်တွေ့ဆုံ၍ ဆေးသောက်ခြင်း',
  2: 'ဗီဒီယိုဖြင့် ကြည့်ရှုခြင်း',
  3: 'ဗီဒီယို ပေးပို့ခြင်း',
  4: 'Volunteer supervisor',
  5: 'VOT patient with volunteer',
  6: 'VOT patient without volunteer',
};

/** SPEC.md §9: calendar colours for works 1 to 3 only (orange, green, blue); other works are grey. */
export const WORK_COLOURS: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'blue' };
export const workColour = (work: number): string => WORK_COLOURS[work] ?? 'grey';

/** The VOT visit detail dialog's labels (SPEC.md §2 VOT calendar), in Burmese. */
export const VISIT_DETAIL_LABELS = {
  title: 'VOT လာရောက်ကြည့်ရှုမှု အသေးစိတ်',
  date: 'ရက်စွဲ',
  remark: 'မှတ်ချက်',
  medicines: 'သောက်သုံးခဲ့သည့် ဆေးများ',
  quantity: 'အရေအတွက်',
  workType: 'လုပ်ငန်းအမျိုးအစား',
  workStatus: 'လုပ်ငန်းအခြေအနေ',
  healthCondition: 'လူနာ၏ ကျန်းမာရေးအခြေအနေ',
  duration: 'ကြာချိန်',
  minorSideEffects: 'အသေးစား ဘေးထွက်ဆိုးကျိုးများ',
  majorSideEffects: 'အကြီးစား ဘေးထွက်ဆိုးကျိုးများ',
  actions: 'ဆောင်ရွက်ချက်များ',
  video: 'ဗီဒီယို',
  signature: 'လက်မှတ်',
  lateRemark: 'နောက်ကျရသည့် အကြောင်းရင်း',
  volunteer: 'စေတနာ့ဝန်ထမ်း အမည်',
  type: 'အမျိုးအစား',
} as const;

/**
 * Where a visit's video is (docs/api.md "The record first, its video after"): a video sent (work 3)
 * may arrive after its record. `uploading` until it attaches; `missing` once VIDEO_AWAIT_HOURS have
 * passed since the record arrived without it; `stored` when the record has it; null when the
 * record expects none (or its video was removed at the end of its keeping).
 */
export type VideoState = 'uploading' | 'stored' | 'missing';
export const VIDEO_AWAIT_HOURS = 24;
/** The works whose record is stored before its video, the video following (work 3, video sent). */
export const VIDEO_WORKS: readonly number[] = [3];

/** The state of a record's video, from its stored video, whether one is awaited and when the record arrived. */
export function videoStateOf(
  row: { video: string | null; video_awaited: boolean; created_at: Date | string },
  now: number = Date.now(),
): VideoState | null {
  if (row.video) return 'stored';
  if (!row.video_awaited) return null;
  return now - new Date(row.created_at).getTime() >= VIDEO_AWAIT_HOURS * 3_600_000 ? 'missing' : 'uploading';
}

/** The staff screens' words for a video not (yet) there. */
export const VIDEO_STATE_LABELS: Record<Exclude<VideoState, 'stored'>, string> = {
  uploading: 'Video uploading',
  missing: 'Video missing',
};

/** A visit's work status (SPEC.md §4: success / not success). */
export const WORK_STATUS_LABELS = { success: 'အောင်မြင်သည်', notSuccess: 'မအောင်မြင်ပါ' } as const;
export function workStatusLabel(status: boolean | null): string {
  if (status === null) return '-';
  return status ? WORK_STATUS_LABELS.success : WORK_STATUS_LABELS.notSuccess;
}

/** SPEC.md §3: action codes 1 to 4 map to Burmese advice texts. */
export const ACTION_ADVICE: Record<string, string> = {
  '1': 'ဆေးကို အချိန်မှန် ဆက်လက်သောက်ရန် အကြံပေးခဲ့သည်',
  '2': 'ဘေးထွက်ဆိုးကျိုးအတွက် ဆေးရုံ/ဆေးခန်းသို့ လွှဲပြောင်းပေးခဲ့သည်',
  '3': 'ကွင်းဆင်းအရာရှိထံ အကြောင်းကြားခဲ့သည်',
  '4': 'ဆရာဝန်နှင့် ပြန်လည်ပြသရန် အကြံပေးခဲ့သည်',
};
/** '1,3' → the advice texts of codes 1 and 3, in order; an unknown code is shown as itself. */
export function actionTexts(actions: string | null): string[] {
  if (!actions) return [];
  return actions
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '')
    .map((c) => ACTION_ADVICE[c] ?? c);
}

/** The English labels of the dot-list and no-volunteer dialogs' fields (SPEC.md §2). */
export const VISIT_TITLES = {
  visitDetail: 'VOT Visit Date Detail',
  statusDetail: 'VOT Status Detail',
  create: 'Create VOT',
  update: 'Update VOT',
} as const;

/**
 * A no-app day (SPEC.md §4): work_status true is achieved (yellow), false not achieved (black),
 * null not yet marked. The export writes the Burmese words (SPEC.md §7).
 */
export const NO_APP_STATUS = {
  achieved: { label: 'Achieved', burmese: 'ဆေးသောက်ပြီး', colour: 'yellow' },
  notAchieved: { label: 'Not Achieved', burmese: 'ဆေးမသောက်ရ', colour: 'black' },
  notMarked: { label: 'Not Yet Marked', burmese: '', colour: 'white' },
} as const;
export type NoAppState = keyof typeof NO_APP_STATUS;
export const noAppState = (status: boolean | null): NoAppState =>
  status === null ? 'notMarked' : status ? 'achieved' : 'notAchieved';
/** The export's Work_Status cell: the Burmese word, empty for a day not yet marked. */
export const noAppStatusWord = (status: boolean | null): string => NO_APP_STATUS[noAppState(status)].burmese;

/**
 * The tick icon's next status (SPEC.md §4 "the tick icon sets a status"): an unmarked or
 * not-achieved day becomes achieved, an achieved one not achieved; reset clears it.
 */
export const nextNoAppStatus = (status: boolean | null): boolean => status !== true;

/** Where a new no-app range starts (SPEC.md §5): the last existing day, or else the DOT start date. */
export const noAppStartDefault = (lastDay: string | null, dotStartDate: string | null): string =>
  lastDay ?? dotStartDate ?? '';

/** The most days one no-app create may add (a year): a range typed by mistake cannot write thousands of rows. */
export const NO_APP_MAX_DAYS = 366;

/** The last day a visit or no-app day may have: today, or the VOT end date if it came earlier. */
export const lastVisitDay = (dotEndDate: string | null, today: string = todayIn()): string =>
  dotEndDate && dotEndDate < today ? dotEndDate : today;
