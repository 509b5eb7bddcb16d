import { loginRejectionOf } from './loginRejection';

describe("loginRejectionOf: a stored login error as the login page's rejection", () => {
  test("the tenant session's error keeps its message and lockout delay", () => {
    expect(loginRejectionOf({ msg: 'Locked for $1 seconds', delay: 30 })).toEqual({
      msg: 'Locked for $1 seconds',
      delay: 30,
    });
    expect(loginRejectionOf({ msg: 'Wrong password' })).toEqual({ msg: 'Wrong password' });
  });

  test("the provider chain's error gives its message as msg", () => {
    expect(loginRejectionOf({ message: 'Invalid credentials' })).toEqual({ msg: 'Invalid credentials' });
  });

  test('no stored error gives an empty rejection (the login page shows its fallback text)', () => {
    expect(loginRejectionOf(null)).toEqual({});
    expect(loginRejectionOf(undefined)).toEqual({});
  });
});
