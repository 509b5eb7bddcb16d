/**
 * How the portal shows a content type's name (docs/policy.md §3 Policy revision: "A name
 * containing Calendar or ICS is displayed as ICS Meeting Invitation"). The match is on the two
 * words as the spec writes them, case and all: "iCalendar" and "ICS Calendar Invitations" are
 * shown as the invitation, "calendar" or "physics" are not.
 */
export const ICS_MEETING_INVITATION = 'ICS Meeting Invitation';

export function contentTypeDisplayName(name: string): string {
  return name.includes('Calendar') || name.includes('ICS') ? ICS_MEETING_INVITATION : name;
}
