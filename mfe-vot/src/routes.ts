/** The paths of this remote's screens: the manifest, the pages and the links import them (ARCHITECTURE.md §6). */
export const PATIENT_MEDICINE_LIST = '/admin/patient-medicine-list/:id';
export const FU_SPUTUM_LIST = '/admin/FU-sputum-examinition-list/:id';

export const patientMedicineListPath = (patientId: number) => `/admin/patient-medicine-list/${patientId}`;
export const fuSputumListPath = (patientId: number) => `/admin/FU-sputum-examinition-list/${patientId}`;

export const PURE_VOT_CHOOSER = '/admin/pure-vot-patient-list';
export const PURE_WITH_VOLUNTEER_LIST = '/admin/pure-vot-with-volunteer-patients';
export const PURE_WITHOUT_VOLUNTEER_LIST = '/admin/pure-vot-without-volunteer-patients';
export const HYBRID_LIST = '/admin/hybrid-vot-patient-list';
export const withVolunteerDetailPath = (id: number) => `/admin/dot-patient-with-volunteer-detail/${id}`;
export const withoutVolunteerDetailPath = (id: number) => `/admin/dot-patient-with-no-volunteer-detail/${id}`;

export const CHANGE_VOLUNTEER_LIST = '/admin/change-volunteer-list/:id';
export const PURE_HYBRID_HISTORIES = '/admin/pure-hybrid-histories/:id';
export const changeVolunteerListPath = (patientId: number) => `/admin/change-volunteer-list/${patientId}`;
export const pureHybridHistoriesPath = (patientId: number) => `/admin/pure-hybrid-histories/${patientId}`;

export const MOVE_TO_VOT = '/admin/move-to-DOT/:id';
export const VOT_DETAILS_CONDITION = '/admin/vot-details-condition/:id';
export const CHANGE_VOLUNTEER_CREATE = '/admin/change-volunteer-create/:id';
export const votDetailsConditionPath = (patientId: number) => `/admin/vot-details-condition/${patientId}`;

export const WITH_VOLUNTEER_DETAIL = '/admin/dot-patient-with-volunteer-detail/:id';
export const WITHOUT_VOLUNTEER_DETAIL = '/admin/dot-patient-with-no-volunteer-detail/:id';
