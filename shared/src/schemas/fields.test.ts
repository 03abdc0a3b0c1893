import * as yup from 'yup';
import { optionalText, password, text, validate } from './index';

const schema = yup.object({
  name: text('Name').required('Name is required!'),
  note: optionalText(),
  secret: password('Password'),
});
const errorsOf = async (body: unknown) => {
  const result = await validate(schema, body);
  return result.ok ? {} : result.errors;
};

describe('text fields take text as sent, and only text', () => {
  it.each([1e308, 42, true, false, { a: 1 }, ['a']])(
    '%p where a name belongs is a message, not stored as text',
    async (value) => {
      expect(await errorsOf({ name: value })).toEqual({ name: ['Name must be text!'] });
    },
  );

  it.each([12, true, { a: 1 }])('%p in optional text or a password is refused too', async (value) => {
    expect(await errorsOf({ name: 'A', note: value, secret: value })).toEqual({
      note: ['Must be text!'],
      secret: ['Password must be text!'],
    });
  });

  it('a NUL byte is a field message (PostgreSQL would refuse it with a 500)', async () => {
    expect(await errorsOf({ name: 'A\u0000B', note: 'x\u0000', secret: 'p\u0000' })).toEqual({
      name: ['Name contains a character that is not allowed!'],
      note: ['Contains a character that is not allowed!'],
      secret: ['Password contains a character that is not allowed!'],
    });
  });

  it('text is trimmed, a password is not; empty and null optional text store nothing', async () => {
    const result = await validate(schema, { name: '  Hlaingthaya ', note: null, secret: ' pass word ' });
    expect(result.ok && result.value).toEqual({ name: 'Hlaingthaya', note: undefined, secret: ' pass word ' });
    const empty = await validate(schema, { name: 'A', note: '' });
    expect(empty.ok && empty.value.note).toBeUndefined();
  });

  it('every text field has a ceiling', async () => {
    expect(await errorsOf({ name: 'a'.repeat(1001), note: 'b'.repeat(1001), secret: 'c'.repeat(1001) })).toEqual({
      name: ['Name is too long!'],
      note: ['At most 1000 characters!'],
      secret: ['Password is too long!'],
    });
    expect(await errorsOf({ name: 'a'.repeat(1000) })).toEqual({});
  });

  it('Burmese text passes as it is', async () => {
    const result = await validate(schema, { name: 'လှိုင်သာယာ' });
    expect(result.ok && result.value.name).toBe('လှိုင်သာယာ');
  });
});
