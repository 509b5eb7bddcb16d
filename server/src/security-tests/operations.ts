/**
 * The server's operations as its own /openapi.json describes them: method, path template, who may
 * call it (world and permission), and the request schema (path, query, body). The authorisation
 * matrix and the request fuzzer are generated from this list, so a new route is covered the day
 * it is added.
 */
import type { TestServer } from '../testing/testServer';

/** The subset of JSON Schema the server's TypeBox schemas use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  description?: string;
}

export type World = 'tenant' | 'provider' | 'public';
export type PermissionRule = string | { any: string[] } | { all: string[] } | null;

/** Who may call an operation: the `x-workbench-access` extension of the OpenAPI document. */
export interface OperationAccess {
  world: World;
  permission: PermissionRule;
  /** The handler answers a missing session itself (sign-out, provider "me"). */
  optional: boolean;
  /** Feature flags the caller's tenant must have (docs/access.md §5), when the route declares any. */
  features?: readonly string[];
  /** The pending steps the route stays open during ('any': every step), when it declares any. */
  whilePending?: 'any' | readonly string[];
  /** A tenant route an API token may never call (docs/api-tokens.md). */
  sessionOnly?: boolean;
}

export interface OperationParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path template, e.g. /api/udb-rest/v2/users/{id}. */
  template: string;
  summary: string;
  access: OperationAccess;
  pathParams: OperationParameter[];
  queryParams: OperationParameter[];
  /** The declared request body: its content types and the schema of the first one. */
  body: { contentTypes: string[]; schema: JsonSchema } | null;
  /** POST, PUT, PATCH, DELETE: the methods the xsrf check covers. */
  stateChanging: boolean;
}

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  'x-workbench-access'?: {
    world: World;
    permission?: PermissionRule;
    optional?: boolean;
    features?: string[];
    whilePending?: 'any' | string[];
    sessionOnly?: boolean;
  };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head']);

/** The guard declares every route's access; an operation without it is a hole, not a guess. */
function accessOf(op: OpenApiOperation, where: string): OperationAccess {
  const declared = op['x-workbench-access'];
  if (!declared) throw new Error(`${where} has no x-workbench-access in /openapi.json.`);
  return {
    world: declared.world,
    permission: declared.permission ?? null,
    optional: declared.optional === true,
    ...(declared.features?.length ? { features: declared.features } : {}),
    ...(declared.whilePending ? { whilePending: declared.whilePending } : {}),
    ...(declared.sessionOnly ? { sessionOnly: true } : {}),
  };
}

export async function loadOpenApiDocument(server: TestServer): Promise<OpenApiDocument> {
  const response = await server.call('/openapi.json');
  if (response.status !== 200) throw new Error(`/openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const parameters = op.parameters ?? [];
      const paramsIn = (where: string): OperationParameter[] =>
        parameters
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
      const content = op.requestBody?.content ?? {};
      const contentTypes = Object.keys(content);
      operations.push({
        method: method.toUpperCase(),
        template,
        summary: op.summary ?? '',
        access: accessOf(op, `${method.toUpperCase()} ${template}`),
        pathParams: paramsIn('path'),
        queryParams: paramsIn('query'),
        body:
          contentTypes.length > 0 ? { contentTypes, schema: content[contentTypes[0]].schema ?? {} } : null,
        stateChanging: STATE_CHANGING_METHODS.has(method.toUpperCase()),
      });
    }
  }
  return operations;
}

export async function loadOperations(server: TestServer): Promise<Operation[]> {
  return operationsOf(await loadOpenApiDocument(server));
}

/** The path with each {param} replaced by its (already percent-encoded) value. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for path parameter ${name} of ${template}`);
    return value;
  });
}

/** A label for reports: "PATCH /api/udb-rest/v2/users/{id}". */
export const operationLabel = (op: Pick<Operation, 'method' | 'template'>): string =>
  `${op.method} ${op.template}`;
