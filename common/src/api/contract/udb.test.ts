import { UDB_REASONS, endUserRowProblem, passwordProblem, userNameProblem } from './udb';

describe('user database row rules (shared by the server and the portal)', () => {
  test.each(['!', '<', '\\', ' ', '\t', "'", '"'])(
    'User name must not contain ! < backslash, whitespace, single or double quote [invalidUserName]: %j',
    (char) => {
      expect(userNameProblem(`ad${char}min@acme.example`)).toEqual({
        field: 'username',
        reason: UDB_REASONS.userName,
      });
    },
  );

  test('a username is e-mail-like: one @ with text on both sides; characters like > _ # - . are fine', () => {
    expect(userNameProblem('first.last-1>_#@acme.example')).toBeNull();
    for (const bad of ['plain', '@acme.example', 'ann@', 'a@b@c'])
      expect(userNameProblem(bad)?.reason).toBe(UDB_REASONS.userName);
    expect(userNameProblem('')?.reason).toBe(UDB_REASONS.required('username'));
    expect(userNameProblem('   ')?.reason).toBe(UDB_REASONS.required('username'));
    expect(userNameProblem(42)?.reason).toBe(UDB_REASONS.notText('username'));
  });

  test.each(['!', '\\', ' ', "'"])(
    'Password must not contain ! backslash, whitespace or single quote [invalidPassword]: %j',
    (char) => {
      expect(passwordProblem(`Secret${char}pass1`)?.field).toBe('password');
    },
  );

  test('a password has at least 8 characters; < and " are allowed', () => {
    expect(passwordProblem('Short1')?.reason).toBe(UDB_REASONS.password);
    expect(passwordProblem('Se<cr"et1')).toBeNull();
  });

  test('a row names the first field at fault', () => {
    expect(endUserRowProblem({ username: 'a@b.example', email: 'nope' })).toEqual({
      field: 'email',
      reason: UDB_REASONS.email,
    });
    expect(endUserRowProblem({ username: 'a@b.example', status: 'gone' })?.field).toBe('status');
    expect(endUserRowProblem({ username: 'a@b.example', groups: 'sales' })?.field).toBe('groups');
    expect(endUserRowProblem({ username: 'a@b.example', first_name: 'x'.repeat(201) })?.reason).toBe(
      UDB_REASONS.tooLong('first_name'),
    );
    expect(endUserRowProblem({ username: 'a@b.example', last_name: 'a\r\nb' })?.reason).toBe(
      UDB_REASONS.lineBreaks('last_name'),
    );
    expect(endUserRowProblem({ username: 'a@b.example', role: 'admin' })).toEqual({
      field: 'role',
      reason: UDB_REASONS.unknownField('role'),
    });
    expect(endUserRowProblem(['a@b.example'])).toEqual({ field: 'row', reason: UDB_REASONS.notObject });
    expect(
      endUserRowProblem({ username: 'a@b.example', email: '', groups: ['x'], status: 'disabled' }),
    ).toBeNull();
  });

  test('a password is a field only where allowed; changes may leave out the username, bulk changes may not carry one', () => {
    expect(endUserRowProblem({ username: 'a@b.example', password: 'Secret-pass1' })?.field).toBe('password');
    expect(
      endUserRowProblem({ username: 'a@b.example', password: 'Secret-pass1' }, { allowPassword: true }),
    ).toBeNull();
    expect(endUserRowProblem({ status: 'active' }, { partial: true })).toBeNull();
    expect(
      endUserRowProblem({ username: 'x@y.example' }, { partial: true, allowUsername: false })?.field,
    ).toBe('username');
  });
});
