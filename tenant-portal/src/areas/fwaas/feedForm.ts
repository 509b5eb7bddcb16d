/**
 * The threat feed form: an https URL (common's publicHttpUrl, which the server's fwaas/feeds kind checks,
 * plus https only: a feed that decides what the firewall blocks must not be read in clear text),
 * the type of its entries, how often it is read again (5 to 1440 minutes) and whether it is on.
 */
import * as yup from 'yup';
import { FEED_TYPES } from '@workbench/common/api/contract/policy-kinds/firewallKinds';
import { publicHttpUrl } from '@workbench/common/validators/urls';
import { nameSchema } from './formRules';
import type { FirewallFeed } from './firewallModel';

export const REFRESH_MIN = 5;
export const REFRESH_MAX = 1440;

export interface FeedFormValues {
  name: string;
  url: string;
  type: FirewallFeed['type'];
  /** Text while typed; a whole number of minutes when valid. */
  refresh_minutes: string;
  enabled: boolean;
}

export const emptyFeedForm: FeedFormValues = {
  name: '',
  url: 'https://',
  type: 'ip',
  refresh_minutes: '60',
  enabled: true,
};

export function feedFormSchema(otherNames: readonly string[]) {
  return yup.object({
    name: nameSchema(otherNames),
    url: yup
      .string()
      .trim()
      .required('required')
      .test('url', function test(value) {
        const key = publicHttpUrl(value ?? '');
        if (key) return this.createError({ message: key });
        return /^https:\/\//i.test(value ?? '') ? true : this.createError({ message: 'httpsOnly' });
      }),
    type: yup
      .string()
      .oneOf([...FEED_TYPES], 'required')
      .required('required'),
    refresh_minutes: yup
      .string()
      .required('required')
      .test(
        'refreshRange',
        'refreshRange',
        (v) => /^\d{1,4}$/.test(v ?? '') && Number(v) >= REFRESH_MIN && Number(v) <= REFRESH_MAX,
      ),
    enabled: yup.boolean(),
  });
}

export const toFeedForm = (feed: FirewallFeed): FeedFormValues => ({
  name: feed.name,
  url: feed.url,
  type: feed.type,
  refresh_minutes: String(feed.refresh_minutes),
  enabled: feed.enabled,
});

export const fromFeedForm = (values: FeedFormValues, id: string): FirewallFeed => ({
  id,
  name: values.name.trim(),
  url: values.url.trim(),
  type: values.type,
  refresh_minutes: Number(values.refresh_minutes),
  enabled: values.enabled,
});
