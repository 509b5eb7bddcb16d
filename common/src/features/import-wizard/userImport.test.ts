import MockAdapter from 'axios-mock-adapter';
import { createHttpClient, type HttpClient } from '../../api/http';
import { XSRF_COOKIE } from '../../api/contract/wire';
import { UDB_PATHS } from '../../api/contract/udb';
import { bulkCreateUsers } from '../../api/udb';
import { dryRunUserBatch, importUserBatch, toUserRow, type BulkUserCreate } from './userImport';

/** The portal's bulk create (the console's tenant users tab passes its own). */
const portalBulk =
  (http: HttpClient): BulkUserCreate =>
  (rows, options) =>
    bulkCreateUsers(http, rows, options);

describe('import rows to bulkusercreate rows', () => {
  test('empty cells are left out, groups split on commas, semicolons or pipes, status lower-cased, cells trimmed', () => {
    expect(
      toUserRow({
        username: ' ann@acme.example ',
        first_name: 'Ann',
        last_name: '',
        email: '',
        groups: 'sales| eng ,ops; finance',
        status: 'Disabled',
      }),
    ).toEqual({
      username: 'ann@acme.example',
      first_name: 'Ann',
      groups: ['sales', 'eng', 'ops', 'finance'],
      status: 'disabled',
    });
  });

  test('an empty username is kept so the server reports it as required', () => {
    expect(toUserRow({ username: '', first_name: 'No' })).toEqual({ username: '', first_name: 'No' });
  });

  test("a batch's refused rows come back with their row number in the whole import", async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onPost(UDB_PATHS.bulkCreate).reply(200, {
      dry_run: false,
      created: 1,
      users: [],
      errors: [{ index: 1, field: 'email', reason: 'email is not a valid e-mail address (invalidEmail).' }],
    });
    const result = await importUserBatch(
      portalBulk(http),
      [{ username: 'a@x.example' }, { username: 'b@x.example', email: 'x' }],
      500,
    );
    expect(result).toEqual({
      created: 1,
      errors: [{ index: 501, reason: 'email is not a valid e-mail address (invalidEmail).' }],
    });
    expect(JSON.parse(mock.history.post[0].data as string)).toEqual({
      user_list: [{ username: 'a@x.example' }, { username: 'b@x.example', email: 'x' }],
    });
  });

  test('a dry run asks the server with dry_run=true and lists the rows it would create and refuse', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onPost(UDB_PATHS.bulkCreate).reply(200, {
      dry_run: true,
      created: 2,
      users: [],
      errors: [{ index: 1, field: 'username', reason: 'username a@x.example already exists.' }],
    });
    const result = await dryRunUserBatch(
      portalBulk(http),
      [{ username: 'n@x.example' }, { username: 'a@x.example' }, { username: 'm@x.example' }],
      100,
    );
    expect(result).toEqual({
      create: [100, 102],
      change: [],
      refuse: [{ index: 101, reason: 'username a@x.example already exists.' }],
    });
    expect(mock.history.post[0].params).toEqual({ dry_run: true });
  });
});
