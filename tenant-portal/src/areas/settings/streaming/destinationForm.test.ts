import { localInputToIso } from '@workbench/common/formatting/localTime';
import {
  DESTINATION_FORM_MSGS,
  destinationBody,
  destinationFieldOf,
  destinationFormSchema,
  newDestination,
  type DestinationFormValues,
} from './destinationForm';

const syslog = (extra: Partial<DestinationFormValues> = {}): DestinationFormValues => ({
  ...newDestination(['firewall']),
  name: ' Collector ',
  kind: 'syslog',
  url: 'https://left.over.example',
  auth_header: 'Authorization',
  auth_value: 'not sent',
  host: ' siem.example ',
  port: '6514',
  tls: true,
  ...extra,
});

/** The form's problems by field, as Formik gets them from the schema. */
async function problems(values: DestinationFormValues): Promise<Record<string, string>> {
  try {
    await destinationFormSchema.validate(values, { abortEarly: false });
    return {};
  } catch (e) {
    const inner = (e as { inner: { path?: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((i) => [i.path ?? '', i.message]));
  }
}

describe('destinationBody', () => {
  it("a syslog destination sends its host, port and tls and none of an HTTP one's fields", () => {
    expect(destinationBody(syslog(), false)).toEqual({
      kind: 'syslog',
      name: 'Collector',
      log_types: ['firewall'],
      fields: [],
      query: '',
      batch_max_events: 500,
      batch_max_seconds: 5,
      enabled: true,
      host: 'siem.example',
      port: 6514,
      tls: true,
    });
  });

  it('sends start_at on creation only, as the ISO instant of the local time typed', () => {
    const values = syslog({ start_at: '2026-11-29T08:30' });
    expect(destinationBody(values, true).start_at).toBe(localInputToIso('2026-11-29T08:30'));
    expect(destinationBody(values, false)).not.toHaveProperty('start_at');
    expect(destinationBody(syslog(), true)).not.toHaveProperty('start_at');
  });

  it('the authorisation value: left empty it is not sent, typed it is, removed it is ""', () => {
    const http = { ...syslog(), kind: 'http' as const, url: ' https://siem.example/in ' };
    expect(destinationBody({ ...http, auth_value: '' }, false)).not.toHaveProperty('auth_value');
    expect(destinationBody({ ...http, auth_value: 'Bearer x' }, false)).toMatchObject({
      url: 'https://siem.example/in',
      auth_header: 'Authorization',
      auth_value: 'Bearer x',
    });
    expect(destinationBody({ ...http, auth_value: '', auth_value_remove: true }, false)).toMatchObject({
      auth_value: '',
    });
    expect(destinationBody({ ...http, auth_header: ' ' }, false)).not.toHaveProperty('auth_header');
  });
});

describe('destinationFormSchema', () => {
  it('checks the fields of the kind chosen only', async () => {
    expect(await problems(syslog())).toEqual({});
    expect(await problems(syslog({ host: '', port: '70000' }))).toEqual({
      host: DESTINATION_FORM_MSGS.hostRequired,
      port: 'The port must be from 1 to 65,535.',
    });
    // An HTTP destination's URL is not a syslog one's problem, nor the reverse.
    expect(await problems(syslog({ kind: 'http', url: 'ftp://x', host: '' }))).toEqual({
      url: DESTINATION_FORM_MSGS.urlRequired,
    });
  });

  it('a value needs its header, at least one log type, and the batching in range', async () => {
    expect(
      await problems(
        syslog({
          kind: 'http',
          url: 'https://siem.example',
          auth_header: '',
          auth_value: 'Bearer x',
          log_types: [],
          batch_max_events: '10001',
          batch_max_seconds: 'x',
          start_at: '29/11/2026',
        }),
      ),
    ).toEqual({
      auth_header: DESTINATION_FORM_MSGS.headerNeeded,
      log_types: DESTINATION_FORM_MSGS.logTypesRequired,
      batch_max_events: 'The number of events a batch must be from 1 to 10,000.',
      batch_max_seconds: 'Enter the seconds before a partial batch as a whole number.',
      start_at: DESTINATION_FORM_MSGS.startInvalid,
    });
  });
});

describe('destinationFieldOf', () => {
  it("is the form's field a server's 400 names, or null for the form as a whole", () => {
    expect(destinationFieldOf('query')).toBe('query');
    expect(destinationFieldOf('log_types.2')).toBe('log_types');
    expect(destinationFieldOf('fields')).toBe('fields');
    expect(destinationFieldOf('body')).toBeNull();
    expect(destinationFieldOf(undefined)).toBeNull();
  });
});
