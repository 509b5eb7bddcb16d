/**
 * Contact Us › Send a message (docs/contact.md §1): topic, subject, message and an
 * optional reply-to address; problems show at their field before anything is sent, and the
 * server's 400 at the field it names. Once sent, the page confirms with what was sent; a refusal
 * (the hourly limit's 429 says when to try again) shows above the form, which keeps its text.
 */
import { useState } from 'react';
import { Formik } from 'formik';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_TOPICS,
  type ContactMessage,
  type ContactTopic,
} from '@workbench/common/api/contract/contactForm';
import { contactIds as ids } from '@workbench/common/test-ids/contactIds';
import { useEntityCall } from './contactRequests';
import { formFields, messageAsIs } from '../policy/formFields';
import { utcMinute } from '../settings/utcMinute';
import {
  NEW_CONTACT_MESSAGE,
  contactFormBody,
  contactFormErrors,
  type ContactFormValues,
} from './contactMessageForm';

export const CONTACT_TEXTS = {
  heading: 'Send a message to support',
  intro: 'Our support team answers by e-mail, usually within one working day.',
  sentTitle: 'Your message was sent',
  sendAnother: 'Send another message',
  replyHelper: 'Empty: we answer your sign-in address.',
} as const;

function SentMessage({ message, onAnother }: { message: ContactMessage; onAnother(): void }) {
  const rows: Array<[string, string]> = [
    ['Topic', CONTACT_TOPICS[message.topic]],
    ['Subject', message.subject],
    ['Answer to', message.reply_to],
    ['Sent', utcMinute(message.sent_at)],
  ];
  return (
    <Box data-testid={ids.sent}>
      <Alert severity="success" sx={{ mb: 2 }}>
        {CONTACT_TEXTS.sentTitle}. Support will answer {message.reply_to}.
      </Alert>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
        <Typography component="dt" color="text.secondary">
          Message
        </Typography>
        <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
          {message.message}
        </Typography>
      </Box>
      <Button sx={{ mt: 2 }} onClick={onAnother} data-testid={ids.sendAnother}>
        {CONTACT_TEXTS.sendAnother}
      </Button>
    </Box>
  );
}

export function ContactMessageSection() {
  const sendContactMessage = useEntityCall('sendContactMessage');
  const [sent, setSent] = useState<ContactMessage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="contact-heading">
      <Typography variant="h2" id="contact-heading" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {CONTACT_TEXTS.heading}
      </Typography>
      {sent ? (
        <SentMessage message={sent} onAnother={() => setSent(null)} />
      ) : (
        <Formik<ContactFormValues>
          initialValues={NEW_CONTACT_MESSAGE}
          validate={contactFormErrors}
          onSubmit={async (values, helpers) => {
            setFailure(null);
            setServerError(null);
            try {
              setSent(await sendContactMessage(contactFormBody(values)));
            } catch (e) {
              const info = toErrorInfo(e, 'sendContactMessage');
              if (info.field && info.field in NEW_CONTACT_MESSAGE) {
                // The refused values become the form's starting point: formFields shows the
                // server's message at its field until the field changes.
                helpers.resetForm({ values });
                setServerError({ field: info.field, message: info.message });
              } else setFailure(info.message);
            }
          }}
        >
          {(form) => {
            const { field, selectField } = formFields(form, {
              readOnly: false,
              testIdPrefix: ids.field,
              message: messageAsIs,
              serverError,
            });
            return (
              <form
                noValidate
                data-testid={ids.form}
                onSubmit={(e) => {
                  e.preventDefault();
                  form.handleSubmit();
                }}
              >
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {CONTACT_TEXTS.intro}
                </Typography>
                <Stack spacing={2} sx={{ maxWidth: 720 }}>
                  {failure && (
                    <Alert severity="error" data-testid={ids.error}>
                      {failure}
                    </Alert>
                  )}
                  <TextField {...selectField('topic', 'Topic')}>
                    {(Object.keys(CONTACT_TOPICS) as ContactTopic[]).map((t) => (
                      <MenuItem key={t} value={t}>
                        {CONTACT_TOPICS[t]}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField {...field('subject', 'Subject')} required />
                  <TextField
                    {...field('message', 'Message', `At most ${CONTACT_MESSAGE_MAX} characters.`)}
                    required
                    multiline
                    minRows={5}
                  />
                  <TextField
                    {...field('reply_to', 'Reply to (optional)', CONTACT_TEXTS.replyHelper)}
                    type="email"
                  />
                  <Box>
                    <Button
                      type="submit"
                      variant="contained"
                      disabled={form.isSubmitting}
                      data-testid={ids.submit}
                    >
                      Send message
                    </Button>
                  </Box>
                </Stack>
              </form>
            );
          }}
        </Formik>
      )}
    </Paper>
  );
}
