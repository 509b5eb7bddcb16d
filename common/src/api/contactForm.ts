/**
 * The contact form (docs/contact.md §1): the portal's message to support, and the
 * provider console's list of the messages and their status.
 */
import {
  CONTACT_FORM_PATH,
  CONTACT_MESSAGES_PATHS,
  type ContactFormBody,
  type ContactMessage,
  type ContactMessageList,
  type ContactMessagesQuery,
  type ContactStatus,
} from './contract/contactForm';
import type { HttpClient } from './http';

export async function sendContactMessage(http: HttpClient, body: ContactFormBody): Promise<ContactMessage> {
  return (await http.post<ContactMessage>(CONTACT_FORM_PATH, body, { callName: 'sendContactMessage' })).data;
}

export async function listContactMessages(
  http: HttpClient,
  query: ContactMessagesQuery,
): Promise<ContactMessageList> {
  return (
    await http.get<ContactMessageList>(CONTACT_MESSAGES_PATHS.list, {
      params: query,
      callName: 'listContactMessages',
    })
  ).data;
}

export async function setContactMessageStatus(
  http: HttpClient,
  id: string,
  status: ContactStatus,
): Promise<ContactMessage> {
  return (
    await http.put<ContactMessage>(
      CONTACT_MESSAGES_PATHS.status(id),
      { status },
      { callName: 'setContactMessageStatus' },
    )
  ).data;
}
