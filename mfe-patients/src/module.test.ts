import { PATIENT_CATEGORIES, VOT_STATUS_QUERIES } from '@vot/shared/domain';
import { remoteModule } from './module';

it('every menu item counts with a key of PATIENT_CATEGORIES (the keys of dstb-patient-count)', () => {
  for (const item of remoteModule.menu) expect(Object.keys(PATIENT_CATEGORIES)).toContain(item.countKey);
  // Every patient list but the VOT Status lists and the missed-dose list, which are mfe-vot's menu items.
  const patientLists = Object.keys(PATIENT_CATEGORIES).filter((k) => !(k in VOT_STATUS_QUERIES) && k !== 'missedDoses');
  expect(remoteModule.menu.map((i) => i.countKey).sort()).toEqual(patientLists.sort());
});

it('guards each route with its group of SPEC.md §6, and the create pages with create', () => {
  const permission = (path: string) => remoteModule.routes.find((r) => r.path === path)?.permission;
  expect(permission('/admin/DSTB-patient-create')).toEqual({ resource: 'patients', action: 'create' });
  expect(permission('/admin/DSTB-no-sps-patient-create')).toEqual({ resource: 'patients', action: 'create' });
  expect(permission('/admin/eligible-patient-list')).toEqual({ resource: 'vot-eligible', action: 'read' });
  expect(permission('/admin/all-clinic-patient-list')).toEqual({ resource: 'clinic-patients', action: 'read' });
  expect(permission('/admin/DSTB-patient-trash-list')).toEqual({ resource: 'trash', action: 'read' });
  expect(permission('/admin/DSTB-patient-investigation/:id')).toEqual({ resource: 'patients', action: 'read' });
  for (const item of remoteModule.menu) expect(remoteModule.routes.some((r) => r.path === item.path)).toBe(true);
});

it("names each list's first page and each patient page's patient as the route's first read, for the shell to start", () => {
  const firstRead = (path: string) => remoteModule.routes.find((r) => r.path === path)?.firstRead;
  expect(firstRead('/admin/TB-patient-list')).toEqual({
    path: '/patients',
    permission: { resource: 'patients', action: 'read' },
    query: { TB_patient: 'true' },
    paged: true,
  });
  expect(firstRead('/admin/eligible-patient-list')?.permission).toEqual({ resource: 'vot-eligible', action: 'read' });
  expect(firstRead('/admin/DSTB-patient-detail/:id')).toEqual({
    path: '/patients/:id',
    permission: { resource: 'patients', action: 'read' },
  });
  expect(firstRead('/admin/DSTB-patient-create')).toBeUndefined();
});
