import type { EndUser } from '@workbench/common/api/contract/udb';
import { changesOf, createBodyOf, emptyUserForm, formOfUser, parseGroups, userFormSchema } from './userForm';

const errorsOf = async (mode: 'create' | 'edit', values: Record<string, unknown>) => {
  try {
    await userFormSchema(mode).validate({ ...emptyUserForm, ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    const e = error as { inner: { path: string; message: string }[] };
    return Object.fromEntries(e.inner.map((i) => [i.path, i.message]));
  }
};

describe('user form rules', () => {
  test.each(['!', '<', '\\', ' ', "'", '"'])(
    'User name must not contain ! < backslash, whitespace, single or double quote [invalidUserName]: %j',
    async (char) => {
      expect(
        await errorsOf('create', { username: `a${char}b@acme.example`, password: 'Secret-pass1' }),
      ).toEqual({
        username: 'invalidUserName',
      });
    },
  );

  test('the username is e-mail-like (name@domain) and required', async () => {
    expect((await errorsOf('create', { username: 'plain', password: 'Secret-pass1' })).username).toBe(
      'invalidUserName',
    );
    expect((await errorsOf('create', { password: 'Secret-pass1' })).username).toBe('required');
  });

  test('Password must not contain ! backslash, whitespace or single quote [invalidPassword]', async () => {
    for (const char of ['!', '\\', ' ', "'"])
      expect(
        (await errorsOf('create', { username: 'a@b.example', password: `Secret${char}pass1` })).password,
      ).toBe('invalidPassword');
  });

  test('creating needs a password of at least 8 characters; editing may leave it empty', async () => {
    expect((await errorsOf('create', { username: 'a@b.example' })).password).toBe('required');
    expect((await errorsOf('create', { username: 'a@b.example', password: 'short' })).password).toBe(
      'passwordTooShort',
    );
    expect(await errorsOf('edit', { username: 'a@b.example' })).toEqual({});
  });

  test('E-mail [invalidEmail]', async () => {
    expect((await errorsOf('edit', { username: 'a@b.example', email: 'a@' })).email).toBe('invalidEmail');
  });

  test('groups are split on commas or pipes; an edit sends only what changed', () => {
    expect(parseGroups('a, b|c,,')).toEqual(['a', 'b', 'c']);
    const before: EndUser = {
      uid: 'u1',
      username: 'ann@acme.example',
      first_name: 'Ann',
      last_name: 'Lee',
      email: '',
      groups: ['sales'],
      status: 'active',
      created_at: '',
      updated_at: '',
    };
    const values = { ...formOfUser(before), last_name: 'Li', groups: 'sales, eng' };
    expect(changesOf(before, values)).toEqual({ last_name: 'Li', groups: ['sales', 'eng'] });
    expect(createBodyOf({ ...values, password: 'Secret-pass1' })).toMatchObject({
      groups: ['sales', 'eng'],
      password: 'Secret-pass1',
    });
  });
});
