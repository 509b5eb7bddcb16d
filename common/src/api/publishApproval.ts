/** Two-person approval of a publish (docs/policy-impact.md §2): the requests, submit, approve, reject. */
import type { HttpClient } from './http';
import {
  APPROVAL_PATHS,
  type ApprovalList,
  type ApprovalRequest,
  type ApprovalSubmit,
} from './contract/publishApproval';

export async function listApprovals(http: HttpClient): Promise<ApprovalList> {
  return (await http.get<ApprovalList>(APPROVAL_PATHS.list, { callName: 'listApprovals' })).data;
}

export async function submitApproval(http: HttpClient, body: ApprovalSubmit): Promise<ApprovalRequest> {
  return (await http.post<ApprovalRequest>(APPROVAL_PATHS.list, body, { callName: 'submitApproval' })).data;
}

export async function decideApproval(
  http: HttpClient,
  id: string,
  outcome: 'approve' | 'reject',
  reason: string,
): Promise<ApprovalRequest> {
  const path = outcome === 'approve' ? APPROVAL_PATHS.approve(id) : APPROVAL_PATHS.reject(id);
  return (await http.post<ApprovalRequest>(path, { reason }, { callName: `${outcome}Approval` })).data;
}
