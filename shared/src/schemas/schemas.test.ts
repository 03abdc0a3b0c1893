import {
  accountCreateSchema,
  accountEmailSchema,
  accountUpdateSchema,
  changePasswordSchema,
  districtSchema,
  loginSchema,
  medicineSchema,
  projectSchema,
  regionSchema,
  townshipCreateSchema,
  townshipUpdateSchema,
  validate,
} from './index';

const messages = async (schema: Parameters<typeof validate>[0], body: unknown) => {
  const result = await validate(schema, body);
  return result.ok ? {} : result.errors;
};

describe('schemas carry the messages of SPEC.md §5', () => {
  it('login', async () => {
    expect(await messages(loginSchema, {})).toEqual({
      email: ['Email is required!'],
      password: ['Password is required!'],
    });
  });

  it('change password', async () => {
    expect(await messages(changePasswordSchema, {})).toEqual({
      current_password: ['Current Password is required!'],
      new_password: ['New Password is required!'],
      new_password_confirmation: ['New Password Confirmation is required!'],
    });
    expect(
      await messages(changePasswordSchema, {
        current_password: 'x',
        new_password: 'long enough',
        new_password_confirmation: 'other',
      }),
    ).toEqual({
      new_password_confirmation: ['New Password Confirmation does not match!'],
    });
    expect(
      await messages(changePasswordSchema, {
        current_password: 'the initial one',
        new_password: 'the initial one',
        new_password_confirmation: 'the initial one',
      }),
    ).toEqual({ new_password: ['New Password must differ from the Current Password!'] });
  });

  it.each([
    [regionSchema, 'Region Name is required!'],
    [districtSchema, 'District Name is required!'],
    [projectSchema, 'Project Name is required!'],
    [medicineSchema, 'Medicine Name is required!'],
  ])('names: %#', async (schema, message) => {
    expect(await messages(schema, { name: '  ' })).toEqual({ name: [message] });
  });

  it('townships ask for a project only when created', async () => {
    expect(await messages(townshipCreateSchema, {})).toEqual({
      region_id: ['Region is required!'],
      district_id: ['District is required!'],
      name: ['Township Name is required!'],
      abbreviation: ['Township Acronym is required!'],
      project_id: ['Project is required!'],
    });
    expect(Object.keys(await messages(townshipUpdateSchema, {}))).not.toContain('project_id');
  });

  it('validate() trims, drops unknown keys and gives the first message', async () => {
    expect(await validate(regionSchema, { name: ' Kachin ', id: 5 })).toEqual({ ok: true, value: { name: 'Kachin' } });
    const bad = await validate(townshipCreateSchema, {});
    expect(bad.ok || bad.message).toBe('Region is required!');
  });
});

describe('account schemas (SPEC.md §5 "Accounts and geography")', () => {
  it('asks for name, email and role', async () => {
    expect(await messages(accountCreateSchema, {})).toEqual({
      name: ['Name is required!'],
      email: ['Email is required!'],
      role: ['Role is required!'],
    });
  });
  it('asks a Field Officer for a project and a township, a Programme Manager_MDR for a project', async () => {
    expect(await messages(accountCreateSchema, { name: 'A', email: 'a@b.co', role: 'Field Officer' })).toEqual({
      project_id: ['Project is required!'],
      township_id: ['Township is required!'],
    });
    expect(
      await messages(accountCreateSchema, {
        name: 'A',
        email: 'a@b.co',
        role: 'Programme Manager_MDR',
        project_id: '',
      }),
    ).toEqual({ project_id: ['Project is required!'] });
    expect(await messages(accountCreateSchema, { name: 'A', email: 'a@b.co', role: 'Data Assistant' })).toEqual({});
  });
  it('asks a Field Officer for at least one township on update', async () => {
    expect(
      await messages(accountUpdateSchema, { name: 'A', role: 'Field Officer', project_id: 1, township_ids: [] }),
    ).toEqual({ township_ids: ['Township is required!'] });
  });
  it('checks the email', async () => {
    expect(await messages(accountEmailSchema, { email: 'nope' })).toEqual({ email: ['Email must be a valid email!'] });
  });
});
