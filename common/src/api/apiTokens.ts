/**
 * The tenant's API tokens (docs/settings.md §1 Tenant settings: GET and POST api_tokens; DELETE
 * api_token/{id}). The creation's answer carries the secret, this once; the lists never do.
 * Shapes and rules: docs/api-tokens.md.
 */
import {
  API_TOKENS_PATHS,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenList,
} from './contract/apiTokens';
import type { HttpClient } from './http';

export async function listApiTokens(http: HttpClient): Promise<ApiToken[]> {
  return (await http.get<ApiTokenList>(API_TOKENS_PATHS.list, { callName: 'listApiTokens' })).data.tokens;
}

export async function createApiToken(http: HttpClient, token: ApiTokenCreate): Promise<ApiTokenCreated> {
  return (await http.post<ApiTokenCreated>(API_TOKENS_PATHS.list, token, { callName: 'createApiToken' }))
    .data;
}

export async function revokeApiToken(http: HttpClient, id: string): Promise<void> {
  await http.delete(API_TOKENS_PATHS.one(id), { callName: 'revokeApiToken' });
}
