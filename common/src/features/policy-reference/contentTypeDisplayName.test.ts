import { ICS_MEETING_INVITATION, contentTypeDisplayName } from './contentTypeDisplayName';

describe('contentTypeDisplayName (docs/policy.md §3: Calendar or ICS is shown as ICS Meeting Invitation)', () => {
  test.each(['Calendar', 'ICS Calendar Invitations', 'iCalendar', 'ICS', 'Outlook ICS files'])(
    '%s is shown as ICS Meeting Invitation',
    (name) => {
      expect(contentTypeDisplayName(name)).toBe('ICS Meeting Invitation');
    },
  );

  test.each(['Microsoft Office Documents', 'calendar', 'ics', 'Physics Papers', 'Archives'])(
    '%s is shown as it is',
    (name) => {
      expect(contentTypeDisplayName(name)).toBe(name);
    },
  );

  test("the text is the spec's", () => {
    expect(ICS_MEETING_INVITATION).toBe('ICS Meeting Invitation');
  });
});
