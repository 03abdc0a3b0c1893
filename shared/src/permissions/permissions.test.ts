import { ROLES } from '../domain';
import { accountRefusal, can, mayManageAccount } from './index';

const who = (resource: Parameters<typeof can>[1], action: Parameters<typeof can>[2]) =>
  ROLES.filter((role) => can({ role }, resource, action));

describe('the permission matrix (SPEC.md §6)', () => {
  it('opens the accounts page to Admin and the three MEAL roles only', () => {
    expect(who('accounts', 'read')).toEqual([
      'Admin',
      'MEAL and Digital Tool Manager',
      'MEAL and Digital Tool Officer',
      'MEAL Associate',
    ]);
  });

  it('orders account management: only an Admin acts on an Admin, a manager only on ranks below its own', () => {
    expect(mayManageAccount({ role: 'Admin' }, 'Admin')).toBe(true);
    expect(accountRefusal({ role: 'MEAL and Digital Tool Manager' }, 'Admin')).toBe(
      'Only an Admin may act on an Admin account.',
    );
    expect(mayManageAccount({ role: 'MEAL and Digital Tool Manager' }, 'MEAL Associate')).toBe(true);
    expect(mayManageAccount({ role: 'MEAL and Digital Tool Manager' }, 'MEAL and Digital Tool Manager')).toBe(false);
    expect(mayManageAccount({ role: 'MEAL Associate' }, 'MEAL and Digital Tool Officer')).toBe(false);
    expect(mayManageAccount({ role: 'MEAL Associate' }, 'Clinic MO')).toBe(true);
    expect(mayManageAccount({ role: 'MEAL Associate' }, 'Clinic MO', 'Admin')).toBe(false);
  });

  it('gives MEAL roles every action on basic data, and readers read only', () => {
    for (const action of ['create', 'read', 'update', 'delete'] as const) {
      expect(can({ role: 'MEAL Associate' }, 'regions', action)).toBe(true);
    }
    for (const role of ['Project Officer', 'Data Assistant', 'Programme Director'] as const) {
      expect(can({ role }, 'regions', 'read')).toBe(true);
      expect(can({ role }, 'regions', 'create')).toBe(false);
      expect(can({ role }, 'regions', 'delete')).toBe(false);
    }
    expect(can({ role: 'Field Officer' }, 'regions', 'read')).toBe(false);
  });

  it('lets Field Officers and Data Assistants do everything with volunteers; leaders read and export', () => {
    expect(can({ role: 'Field Officer' }, 'volunteers', 'delete')).toBe(true);
    expect(can({ role: 'Data Assistant' }, 'volunteers', 'create')).toBe(true);
    expect(can({ role: 'Project Officer' }, 'volunteers', 'export')).toBe(true);
    expect(can({ role: 'Project Officer' }, 'volunteers', 'update')).toBe(false);
  });

  it('lets whoever moves a patient or a volunteer to the trash read the trash and recover from it', () => {
    for (const resource of ['patients', 'volunteers'] as const) {
      for (const role of who(resource, 'delete')) {
        expect([role, can({ role }, 'trash', 'read'), can({ role }, 'trash', 'update')]).toEqual([role, true, true]);
      }
    }
    // The Field Officer recovers (their own townships': the API scopes it) but never deletes for good.
    expect(can({ role: 'Field Officer' }, 'trash', 'delete')).toBe(false);
    expect(can({ role: 'Field Officer' }, 'trash', 'export')).toBe(false);
  });

  it('lets nobody do anything without a user or with an unknown role', () => {
    expect(can(null, 'regions', 'read')).toBe(false);
    expect(can({ role: 'Someone' }, 'regions', 'read')).toBe(false);
  });
});
