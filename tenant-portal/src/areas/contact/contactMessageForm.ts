/**
 * The contact form's values and their checks before anything is sent (each problem at its field,
 * the same limits as the server's: common/src/api/contract/contactForm.ts).
 */
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECT_MAX,
  type ContactFormBody,
  type ContactTopic,
} from '@workbench/common/api/contract/contactForm';
import { email } from '@workbench/common/validators/network';

export interface ContactFormValues {
  topic: ContactTopic;
  subject: string;
  message: string;
  reply_to: string;
}

export const NEW_CONTACT_MESSAGE: ContactFormValues = {
  topic: 'support',
  subject: '',
  message: '',
  reply_to: '',
};

export const CONTACT_FORM_MSGS = {
  subjectRequired: 'Enter a subject.',
  subjectTooLong: `The subject must have at most ${CONTACT_SUBJECT_MAX} characters.`,
  messageRequired: 'Write your message.',
  messageTooLong: `The message must have at most ${CONTACT_MESSAGE_MAX} characters.`,
  replyTo: 'Enter an e-mail address like name@example.com, or leave it empty.',
} as const;

export type ContactFormErrors = Partial<Record<keyof ContactFormValues, string>>;

export function contactFormErrors(v: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  const subject = v.subject.trim();
  const message = v.message.trim();
  if (subject === '') errors.subject = CONTACT_FORM_MSGS.subjectRequired;
  else if (subject.length > CONTACT_SUBJECT_MAX) errors.subject = CONTACT_FORM_MSGS.subjectTooLong;
  if (message === '') errors.message = CONTACT_FORM_MSGS.messageRequired;
  else if (message.length > CONTACT_MESSAGE_MAX) errors.message = CONTACT_FORM_MSGS.messageTooLong;
  if (v.reply_to.trim() !== '' && email(v.reply_to.trim())) errors.reply_to = CONTACT_FORM_MSGS.replyTo;
  return errors;
}

export function contactFormBody(v: ContactFormValues): ContactFormBody {
  const replyTo = v.reply_to.trim();
  return {
    topic: v.topic,
    subject: v.subject.trim(),
    message: v.message.trim(),
    ...(replyTo ? { reply_to: replyTo } : {}),
  };
}
