// Visit records for the visit screens' tests (not a test file itself).
import type { VisitDetail, VisitRecord } from '@vot/shared/schemas';

export function aVisit(overrides: Partial<VisitRecord> = {}): VisitRecord {
  return {
    id: 11,
    uuid: 'u-11',
    patient_id: 5,
    change_volunteer_id: 3,
    date: '2026-02-01',
    work: 1,
    work_status: true,
    long: '15 minutes',
    minor_side_effects: 'Nausea',
    major_side_effects: null,
    actions: '1,3',
    video: null,
    video_state: null,
    sign: 'sign.png',
    remark: null,
    late_remark: null,
    patient_condition: 'Good',
    created: 'app',
    DOT_records: [{ medicine_name: 'Bedaquiline', quantity: 2 }],
    ...overrides,
  };
}

export function aVisitDetail(overrides: Partial<VisitDetail> = {}): VisitDetail {
  return {
    ...aVisit(),
    change_volunteer: { type: 'App', volunteer: { name: 'Daw Aye', code: 'HTY-V0004', volunteer_id_gf: null } },
    video_url: '/api/v1/DOT-video/abc?expires=1&signature=x',
    sign_url: '/api/v1/DOT-sign/abc?expires=1&signature=x',
    township: { name: 'Hlaingthaya' },
    patient: { name: 'Daw Hla', dot_patient_id_gf: null },
    ...overrides,
  };
}
