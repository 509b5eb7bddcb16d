/**
 * Alerts and notifications (docs/alerts.md; contract/alerts.ts): rules, their evaluations and
 * firings, notification channels with their delivery logs, and the header's in-app notifications.
 * A created webhook channel's answer carries its signing secret, this once; the lists never do.
 */
import {
  ALERT_PATHS,
  type AlertEvaluation,
  type AlertFiring,
  type AlertFiringList,
  type AlertRule,
  type AlertRuleInput,
  type AlertRuleList,
  type Channel,
  type ChannelInput,
  type ChannelList,
  type CreatedChannel,
  type Delivery,
  type FiringState,
  type NotificationList,
} from './contract/alerts';
import type { HttpClient } from './http';

export async function listAlertRules(http: HttpClient): Promise<AlertRule[]> {
  return (await http.get<AlertRuleList>(ALERT_PATHS.rules, { callName: 'listAlertRules' })).data.rules;
}

/** Creates a rule (no id) or replaces the rule `id`. */
export async function saveAlertRule(
  http: HttpClient,
  id: string | null,
  rule: AlertRuleInput,
): Promise<AlertRule> {
  const callName = 'saveAlertRule';
  return id === null
    ? (await http.post<AlertRule>(ALERT_PATHS.rules, rule, { callName })).data
    : (await http.put<AlertRule>(ALERT_PATHS.ruleOf(id), rule, { callName })).data;
}

export async function deleteAlertRule(http: HttpClient, id: string): Promise<void> {
  await http.delete(ALERT_PATHS.ruleOf(id), { callName: 'deleteAlertRule' });
}

export async function listAlertEvaluations(http: HttpClient, ruleId: string): Promise<AlertEvaluation[]> {
  return (
    await http.get<{ evaluations: AlertEvaluation[] }>(ALERT_PATHS.evaluationsOf(ruleId), {
      callName: 'listAlertEvaluations',
    })
  ).data.evaluations;
}

export async function listAlertFirings(
  http: HttpClient,
  filter: { rule_id?: string; state?: FiringState } = {},
): Promise<AlertFiring[]> {
  return (
    await http.get<AlertFiringList>(ALERT_PATHS.firings, { params: filter, callName: 'listAlertFirings' })
  ).data.firings;
}

export async function acknowledgeAlertFiring(http: HttpClient, id: string): Promise<AlertFiring> {
  return (
    await http.post<AlertFiring>(ALERT_PATHS.acknowledgeOf(id), {}, { callName: 'acknowledgeAlertFiring' })
  ).data;
}

/** Silences the firing until `until` (ISO 8601, in the future). */
export async function silenceAlertFiring(http: HttpClient, id: string, until: string): Promise<AlertFiring> {
  return (
    await http.post<AlertFiring>(ALERT_PATHS.silenceOf(id), { until }, { callName: 'silenceAlertFiring' })
  ).data;
}

export async function listAlertChannels(http: HttpClient): Promise<Channel[]> {
  return (await http.get<ChannelList>(ALERT_PATHS.channels, { callName: 'listAlertChannels' })).data.channels;
}

export async function createAlertChannel(http: HttpClient, channel: ChannelInput): Promise<CreatedChannel> {
  return (await http.post<CreatedChannel>(ALERT_PATHS.channels, channel, { callName: 'createAlertChannel' }))
    .data;
}

export async function deleteAlertChannel(http: HttpClient, id: string): Promise<void> {
  await http.delete(ALERT_PATHS.channelOf(id), { callName: 'deleteAlertChannel' });
}

export async function listChannelDeliveries(http: HttpClient, channelId: string): Promise<Delivery[]> {
  return (
    await http.get<{ deliveries: Delivery[] }>(ALERT_PATHS.deliveriesOf(channelId), {
      callName: 'listChannelDeliveries',
    })
  ).data.deliveries;
}

export async function listNotifications(http: HttpClient): Promise<NotificationList> {
  return (await http.get<NotificationList>(ALERT_PATHS.notifications, { callName: 'listNotifications' }))
    .data;
}

/** Marks one notification read for the caller, or all of them (id null). */
export async function markNotificationsRead(http: HttpClient, id: string | null): Promise<number> {
  const path = id === null ? ALERT_PATHS.readAll : ALERT_PATHS.readOf(id);
  return (await http.post<{ marked: number }>(path, {}, { callName: 'markNotificationsRead' })).data.marked;
}
