/**
 * Enumerations of the VOT side of SPEC.md §3/§4 (pure or hybrid VOT, volunteer changes, visit
 * records, patient medicines, follow-up sputum, the infection-control checklist).
 */

/** SPEC.md §9 Pure/Hybrid options. Hybrid always has a volunteer (SPEC.md §4). */
export const PURE_OR_HYBRID = ['Pure', 'Hybrid'] as const;
export type PureOrHybrid = (typeof PURE_OR_HYBRID)[number];
export const HYBRID: PureOrHybrid = 'Hybrid';

/** SPEC.md §3 patient type: whether the patient uses the phone app. */
export const VOT_TYPES = ['App', 'No App'] as const;
export type VotType = (typeof VOT_TYPES)[number];

/**
 * Where a visit record was made: on the web console ('dashboard'), in the phone app, or as a day of
 * the no-app grid (SPEC.md §2 No-app DOT screen: a volunteer's patient without the app, ticked by staff).
 */
export const VISIT_CREATED = ['dashboard', 'app', 'no-app'] as const;
export type VisitCreated = (typeof VISIT_CREATED)[number];

/** SPEC.md §3 work codes of the dashboard-made visits: 5 with a volunteer, 6 without. */
export const DASHBOARD_WORK = { withVolunteer: 5, withoutVolunteer: 6 } as const;

/** SPEC.md §3 follow-up sputum months (treatment month of the smear). */
export const SPUTUM_MONTHS = ['2', '3', '5', '6', '8', 'End of Month'] as const;
export type SputumMonth = (typeof SPUTUM_MONTHS)[number];

/**
 * The VOT Status lists of SPEC.md §2/§4 (GET patients flags: DOT_with_volunteer /
 * DOT_with_no_volunteer with pure_or_hybrid; 'pure' is the chooser's two cards together).
 * The server defines each (api/src/routes/patients/repository.ts).
 */
export const VOT_STATUS_LISTS = ['pure', 'pureWithVolunteer', 'pureWithoutVolunteer', 'hybrid'] as const;
export type VotStatusList = (typeof VOT_STATUS_LISTS)[number];

/** The query of each VOT Status list, as the screens send it to GET patients. */
export const VOT_STATUS_QUERIES: Record<VotStatusList, Record<string, string>> = {
  pure: { pure_or_hybrid: 'Pure' },
  pureWithVolunteer: { DOT_with_volunteer: 'true', pure_or_hybrid: 'Pure' },
  pureWithoutVolunteer: { DOT_with_no_volunteer: 'true', pure_or_hybrid: 'Pure' },
  hybrid: { DOT_with_volunteer: 'true', pure_or_hybrid: 'Hybrid' },
};

/** Answers of the infection-control checklist. */
export const CHECKLIST_ANSWERS = ['Yes', 'No', 'Not applicable'] as const;

/**
 * The 19 questions of the household TB infection-control checklist a volunteer or field officer
 * goes through with a VOT patient, after WHO's guidelines on tuberculosis infection prevention and
 * control (2019 update: administrative, environmental and respiratory protection measures at home).
 * The spec only says the screen shows 19 numbered questions in Burmese (SPEC.md §2; it gives no
 * text): `my` is what the screen shows, `en` the meaning it was written from, for reviewers and
 * reports. The Burmese wording is ours and awaits the programme's review (docs/decisions/0071).
 * Answers are stored in this order.
 */
export const INFECTION_CHECKLIST_QUESTIONS = [
  {
    my: 'လူနာသည် တီဘီဆေးကို ညွှန်ကြားထားသည့်အတိုင်း အကြိမ်တိုင်း သောက်ပါသလား။',
    en: 'Does the patient take every dose of TB medicine as prescribed?',
  },
  {
    my: 'လူနာသည် ချောင်းဆိုး၊ နှာချေသည့်အခါ ပါးစပ်နှင့် နှာခေါင်းကို အုပ်ပါသလား။',
    en: 'Does the patient cover the mouth and nose when coughing or sneezing?',
  },
  {
    my: 'ကုသမှု ပထမအပတ်များအတွင်း အခြားသူများနှင့်အတူ ရှိသည့်အခါ လူနာသည် နှာခေါင်းစည်း တပ်ပါသလား။',
    en: 'Does the patient wear a mask when with other people during the first weeks of treatment?',
  },
  {
    my: 'လူနာသည် သလိပ်ကို အဖုံးပါသော ဗူး (သို့) အိမ်သာထဲသို့သာ ထွေးပါသလား။',
    en: 'Does the patient spit sputum only into a closed container or a toilet?',
  },
  {
    my: 'သလိပ်ထွေးသည့်ဗူးကို နေ့စဉ် ဘေးကင်းစွာ သွန်ပြီး ဆေးကြောပါသလား။',
    en: 'Is the sputum container emptied and cleaned safely every day?',
  },
  {
    my: 'ဖြစ်နိုင်ပါက လူနာသည် သီးခြားအခန်းတွင် (သို့) အခြားသူများနှင့် ခွဲ၍ အိပ်ပါသလား။',
    en: 'Does the patient sleep in a separate room or apart from others, where possible?',
  },
  {
    my: 'လူနာ၏အခန်း ပြတင်းပေါက်နှင့် တံခါးများကို လေဝင်လေထွက်ကောင်းစေရန် ဖွင့်ထားပါသလား။',
    en: 'Are windows and doors of the patient’s room kept open for fresh air?',
  },
  { my: 'နေ့အချိန်တွင် လူနာ၏အခန်းထဲသို့ နေရောင်ရပါသလား။', en: 'Does sunlight reach the patient’s room during the day?' },
  {
    my: 'လူနာသည် လူစည်ကားပြီး လေဝင်လေထွက်မကောင်းသော နေရာများကို ရှောင်ပါသလား။',
    en: 'Does the patient avoid crowded and poorly ventilated places?',
  },
  {
    my: 'လူနာသည် ငါးနှစ်အောက် ကလေးများနှင့် အနီးကပ် ထိတွေ့မှုကို ရှောင်ပါသလား။',
    en: 'Does the patient avoid close contact with children under five?',
  },
  {
    my: 'လူနာသည် HIV ပိုးရှိသူများ (သို့) ဆီးချိုရောဂါရှိသူများနှင့် အနီးကပ် ထိတွေ့မှုကို ရှောင်ပါသလား။',
    en: 'Does the patient avoid close contact with people living with HIV or diabetes?',
  },
  { my: 'အိမ်တွင်းနေ ထိတွေ့သူအားလုံးကို တီဘီရောဂါ စစ်ဆေးပြီးပါပြီလား။', en: 'Have all household contacts been screened for TB?' },
  {
    my: 'ငါးနှစ်အောက် ကလေး ထိတွေ့သူများကို တီဘီကာကွယ်ဆေး ပေးပြီးပါပြီလား။',
    en: 'Have child contacts under five been offered TB preventive treatment?',
  },
  { my: 'အိမ်သားများသည် တီဘီရောဂါ လက္ခဏာများကို သိပါသလား။', en: 'Do household members know the symptoms of TB?' },
  {
    my: 'လူနာသည် ချောင်းဆိုး၊ နှာချေပြီးနောက် (သို့) သလိပ်ကိုင်တွယ်ပြီးနောက် လက်ဆေးပါသလား။',
    en: 'Does the patient wash hands after coughing, sneezing or handling sputum?',
  },
  {
    my: 'အသုံးပြုပြီးသော တစ်ရှူးနှင့် နှာခေါင်းစည်းများကို ဘေးကင်းစွာ စွန့်ပစ်ပါသလား။',
    en: 'Are used tissues and masks disposed of safely?',
  },
  { my: 'လူနာသည် ဆေးလိပ်နှင့် အရက်ကို ရှောင်ပါသလား။', en: 'Does the patient avoid smoking and alcohol?' },
  { my: 'လူနာသည် အာဟာရပြည့်ဝသော အစားအစာကို နေ့စဉ် စားပါသလား။', en: 'Does the patient eat nutritious meals every day?' },
  {
    my: 'လူနာသည် နောက်ဆက်တွဲ သလိပ်စစ်ဆေးရမည့် ရက်များကို သိပါသလား။',
    en: 'Does the patient know when to attend follow-up sputum examinations?',
  },
] as const;

/**
 * Why a patient stopped VOT before the end of treatment: the VOT report's group 7 columns (SPEC.md
 * §3). Asked in the VDOT Conclusion when the outcome is VOT_STOPPED_OUTCOME.
 */
export const VOT_STOP_REASONS = [
  'Switch to family/in-person DOT',
  'Deny VOT',
  'Damage/losing phone',
  'Technical issues',
  'Internet connection problem',
  'Others',
] as const;
export type VotStopReason = (typeof VOT_STOP_REASONS)[number];
/** The VOT outcome of a patient who stopped VOT (SPEC.md §3 treatment outcomes). */
export const VOT_STOPPED_OUTCOME = 'Unable to continue VOT';
/** The VOT outcomes the VOT report's group 8 counts as cured or completed. */
export const VOT_SUCCESS_OUTCOMES = ['Cured', 'Treatment Complete'] as const;
