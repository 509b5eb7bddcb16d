/**
 * The Browser Posture Manager (docs/browser-posture.md): config policies (list, multipart upload,
 * inputPolicy, PATCH, DELETE, batchDelete, export in the spec's three formats), the setting
 * definitions catalogue, the benchmark policies, assessments (assess, assess/{id}, reassess/{id},
 * read, list) and their review status. Every route checks the session, the tenant, its permission
 * item (`browser_posture_management:<item>:read|write`) and the tenant's `browser_posture` feature;
 * every write is an audit event (area `browser_posture`) with before and after.
 *
 * Config policies and assessments are config-store entities (`brw_config_policy`,
 * `brw_assessment`), one row each, with the tenant's id in the row: a row of another tenant is
 * answered as not there (404).
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyMultipart from '@fastify/multipart';
import { Type } from 'typebox';
import {
  ASSESSMENT_HISTORY_MAX,
  AssessBody,
  AssessOneBody,
  Assessment,
  AssessmentList,
  BROWSER_POSTURE_FEATURE,
  BROWSER_POSTURE_PATHS as PATHS,
  BROWSER_POSTURE_PERMISSIONS as PERM,
  BENCHMARK_POLICIES,
  BatchDeleteBody,
  BatchDeleteReply,
  BenchmarkPoliciesQuery,
  BenchmarkPolicyList,
  ConfigPolicy,
  ConfigPolicyIdQuery,
  ConfigPolicyList,
  ConfigPolicyPatch,
  ExportQuery,
  IdParams,
  InputPolicyBody,
  POLICY_FILE_MAX_BYTES,
  POLICY_SETTINGS_MAX,
  POSTURE_BROWSERS,
  POSTURE_PLATFORMS,
  ReviewStatusBody,
  SETTING_DEFINITIONS,
  SettingDefinitionList,
  SettingDefinitionsQuery,
  assessSettings,
  baselineOf,
  benchmarkOf,
  compareVersions,
  definitionOf,
  settingValueProblem,
  type BenchmarkPolicy,
  type ConfiguredSetting,
  type PostureBrowser,
  type PosturePlatform,
} from '@workbench/common/api/contract/browser-posture/browserPosture';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import type { ConfigStore, EntityRecord } from '../store/ConfigStore';
import { named } from '../http/namedPlugin';
import {
  PolicyFileProblem,
  exportPolicy,
  policyFileText,
  readPolicyFile,
  type ReadPolicyFile,
} from './policyFiles';

export const CONFIG_POLICY_ENTITY = 'brw_config_policy';
export const ASSESSMENT_ENTITY = 'brw_assessment';
const LIST_LIMIT = 1000;
const AREA = 'browser_posture';

type StoredPolicy = ConfigPolicy & { tid: string };
type StoredAssessment = Assessment & { tid: string };

const strip = <T extends { tid: string }>({ tid: _tid, ...rest }: T): Omit<T, 'tid'> => rest;

/** Settings given by name and value, checked against the catalogue: 400 naming the first that does not fit. */
function checkedSettings(browser: PostureBrowser, settings: readonly ConfiguredSetting[], field: string) {
  const seen = new Set<string>();
  for (const [i, s] of settings.entries()) {
    const def = definitionOf(browser, s.name);
    if (!def)
      throw new ApiHttpError(
        400,
        `${s.name} is not a ${browser} setting of the catalogue.`,
        `${field}.${i}.name`,
      );
    if (seen.has(s.name)) throw new ApiHttpError(400, `${s.name} is configured twice.`, `${field}.${i}.name`);
    seen.add(s.name);
    const problem = settingValueProblem(def, s.value);
    if (problem) throw new ApiHttpError(400, problem, `${field}.${i}.value`);
  }
  return settings.map((s) => ({ name: s.name, value: s.value }));
}

/** A read file's problem as the 400 it is: the message names the line, element or key. */
function readFile(text: string, browser: PostureBrowser | null, field: string): ReadPolicyFile {
  try {
    const read = readPolicyFile(text, browser);
    if (read.settings.length + read.unknownSettings.length === 0)
      throw new PolicyFileProblem('the file configures no setting', 'file');
    if (read.settings.length + read.unknownSettings.length > POLICY_SETTINGS_MAX)
      throw new PolicyFileProblem(`a policy has at most ${POLICY_SETTINGS_MAX} settings`, 'file');
    if (browser && read.browser && read.browser !== browser)
      throw new PolicyFileProblem(`the file is a ${read.browser} policy, not ${browser}`, 'browser');
    return read;
  } catch (error) {
    // Whatever a parser makes of a strange file, it is the file's problem: 400, never a 500.
    if (error instanceof Error)
      throw new ApiHttpError(400, `The policy file was not read: ${error.message}.`, field);
    throw error;
  }
}

const oneOf = <T extends string>(values: readonly T[], v: unknown, field: string): T | null => {
  if (v === undefined || v === '') return null;
  if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
  throw new ApiHttpError(400, `${field} is one of ${values.join(', ')}.`, field);
};

export const browserPostureRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const store = ctx.store;
  const tags = ['browser posture'];
  const features = [BROWSER_POSTURE_FEATURE];
  const guard = (permission: string) => ({ world: 'tenant' as const, permission, features });
  const audited = (permission: string, action: string, what: string) => ({
    ...guard(permission),
    // Each handler writes the event in its change's transaction (auditedChange).
    audit: { action, area: AREA, what, inTransaction: true as const },
  });
  const nowIso = () => ctx.now().toISOString();

  const policies = async (tid: string): Promise<StoredPolicy[]> =>
    (await store.entities.newest(CONFIG_POLICY_ENTITY, { tid }, { limit: LIST_LIMIT })).records.map(
      (r) => r.data as unknown as StoredPolicy,
    );
  const policyRecord = async (tid: string, id: string, field = 'id'): Promise<EntityRecord> => {
    const record = await store.entities.get(CONFIG_POLICY_ENTITY, id);
    if (!record || record.data.tid !== tid)
      throw new ApiHttpError(404, 'No config policy has this id.', field);
    return record;
  };
  const assessmentRecord = async (tid: string, id: string): Promise<EntityRecord> => {
    const record = await store.entities.get(ASSESSMENT_ENTITY, id);
    if (!record || record.data.tid !== tid) throw new ApiHttpError(404, 'No assessment has this id.', 'id');
    return record;
  };
  /** A benchmark named by id, of the policy's browser; its browser's baseline when none is named. */
  const benchmarkFor = (browser: PostureBrowser, id: string | undefined): BenchmarkPolicy => {
    if (id === undefined) return baselineOf(browser);
    const b = benchmarkOf(id);
    if (!b) throw new ApiHttpError(400, 'No benchmark policy has this id.', 'benchmarkPolicyId');
    if (b.browser !== browser)
      throw new ApiHttpError(
        400,
        `${b.name} is a ${b.browser} benchmark; the policy is ${browser}.`,
        'benchmarkPolicyId',
      );
    return b;
  };

  const createPolicy = async (
    request: FastifyRequest,
    fields: {
      name: string;
      description: string;
      browser: PostureBrowser;
      platform: PosturePlatform;
      settings: ConfiguredSetting[];
      unknownSettings: ConfigPolicy['unknownSettings'];
      uploadedFile: ConfigPolicy['uploadedFile'];
    },
  ): Promise<ConfigPolicy> => {
    const { tid, username } = tenantSessionOf(request);
    const at = nowIso();
    const policy: StoredPolicy = {
      id: crypto.randomUUID(),
      ...fields,
      createdBy: username,
      createdAt: at,
      updatedBy: username,
      updatedAt: at,
      tid,
    };
    await auditedChange(request, async (tx) => {
      await tx.entities.insert({
        entity: CONFIG_POLICY_ENTITY,
        id: policy.id,
        data: { ...policy },
        createdAt: at,
        updatedAt: at,
      });
      noteAudit(request, {
        object: policy.name,
        after: strip(policy),
        details: `Created the browser config policy ${policy.name}.`,
      });
    });
    return strip(policy);
  };

  // --- config policies -------------------------------------------------------------------------

  app.get(
    PATHS.configPolicies,
    {
      config: guard(PERM.configPoliciesRead),
      schema: {
        tags,
        summary: "The tenant's browser config policies, newest first",
        response: { 200: ConfigPolicyList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ configPolicies: (await policies(tenantSessionOf(request).tid)).map(strip) }),
  );

  // The upload takes multipart/form-data, in a scope of its own so that no other route reads it.
  await app.register(
    named(async (scope) => {
      await scope.register(fastifyMultipart, {
        limits: { files: 1, fileSize: POLICY_FILE_MAX_BYTES, fields: 10, fieldSize: 1000, parts: 12 },
      });
      scope.withTypeProvider<TypeBoxTypeProvider>().post(
        PATHS.configPolicies,
        {
          config: audited(PERM.configPoliciesWrite, 'create', 'Uploaded a browser config policy.'),
          schema: {
            tags,
            summary:
              'Uploads a policy file (multipart/form-data: file, and name, description, browser, platform): JSON, a .reg export, Group Policy registry XML or an Intune profile; settings the catalogue does not know are kept and answered as unknownSettings; a file that cannot be read is refused with its line or key, nothing stored',
            consumes: ['multipart/form-data'],
            response: { 201: ConfigPolicy, ...errorResponses(400, 401, 403, 413) },
          },
        },
        async (request, reply) => {
          if (!request.isMultipart())
            throw new ApiHttpError(400, 'Send the policy file as multipart/form-data (field file).', 'file');
          const fields: Record<string, string> = {};
          let file: { filename: string; bytes: Buffer } | null = null;
          try {
            for await (const part of request.parts()) {
              if (part.type === 'file') {
                if (part.fieldname !== 'file')
                  throw new ApiHttpError(400, 'The file goes in the field file.', part.fieldname);
                const bytes = await part.toBuffer();
                if (part.file.truncated)
                  throw new ApiHttpError(
                    413,
                    `A policy file is at most ${POLICY_FILE_MAX_BYTES / 1024} KB.`,
                    'file',
                  );
                file = { filename: part.filename || 'policy', bytes };
              } else fields[part.fieldname] = String(part.value);
            }
          } catch (error) {
            if (error instanceof ApiHttpError) throw error;
            const code = (error as { code?: string }).code;
            if (code === 'FST_REQ_FILE_TOO_LARGE')
              throw new ApiHttpError(
                413,
                `A policy file is at most ${POLICY_FILE_MAX_BYTES / 1024} KB.`,
                'file',
              );
            throw new ApiHttpError(400, `The upload was not read: ${(error as Error).message}`, 'file');
          }
          if (!file || file.bytes.length === 0)
            throw new ApiHttpError(400, 'Choose a policy file to upload.', 'file');
          const browserField = oneOf(POSTURE_BROWSERS, fields.browser, 'browser');
          const platform = oneOf(POSTURE_PLATFORMS, fields.platform, 'platform') ?? 'windows';
          const name = (fields.name ?? '').trim() || file.filename.replace(/\.[A-Za-z]+$/, '');
          if (name.length > 120) throw new ApiHttpError(400, 'A name is at most 120 characters.', 'name');
          const description = (fields.description ?? '').slice(0, 500);
          const read = readFile(policyFileText(file.bytes), browserField, 'file');
          const browser = (read.browser ?? browserField) as PostureBrowser;
          const policy = await createPolicy(request, {
            name,
            description,
            browser,
            platform,
            settings: read.settings.map(({ name: n, value }) => ({ name: n, value })),
            unknownSettings: read.unknownSettings,
            uploadedFile: {
              filename: file.filename.slice(0, 200),
              format: read.format,
              size: file.bytes.length,
            },
          });
          return reply.code(201).send(policy);
        },
      );
    }, 'browser config policy upload'),
  );

  app.post(
    PATHS.inputPolicy,
    {
      config: audited(PERM.configPoliciesWrite, 'create', 'Created a browser config policy.'),
      schema: {
        tags,
        summary:
          'Creates a policy from settings of the catalogue (browser and typed values) or from pasted text in any upload format; exactly one of settings and text',
        body: InputPolicyBody,
        response: { 201: ConfigPolicy, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ((body.settings === undefined) === (body.text === undefined))
        throw new ApiHttpError(
          400,
          'Give the settings, or paste a policy file as text: one of the two.',
          'settings',
        );
      let fields: Pick<ConfigPolicy, 'settings' | 'unknownSettings' | 'uploadedFile'> & {
        browser: PostureBrowser;
      };
      if (body.settings !== undefined) {
        if (!body.browser) throw new ApiHttpError(400, 'Choose the browser the settings are for.', 'browser');
        fields = {
          browser: body.browser,
          settings: checkedSettings(body.browser, body.settings, 'settings'),
          unknownSettings: [],
          uploadedFile: null,
        };
      } else {
        const read = readFile(body.text as string, body.browser ?? null, 'text');
        fields = {
          browser: (read.browser ?? body.browser) as PostureBrowser,
          settings: read.settings.map(({ name, value }) => ({ name, value })),
          unknownSettings: read.unknownSettings,
          uploadedFile: null,
        };
      }
      const policy = await createPolicy(request, {
        name: body.name.trim(),
        description: body.description ?? '',
        platform: body.platform ?? 'windows',
        ...fields,
      });
      return reply.code(201).send(policy);
    },
  );

  app.patch(
    PATHS.configPolicies,
    {
      config: audited(PERM.configPoliciesWrite, 'update', 'Changed a browser config policy.'),
      schema: {
        tags,
        summary:
          'Changes the config policy named by id (name, description, platform, settings: the whole list); 409 when updatedAt is not the stored one',
        body: ConfigPolicyPatch,
        response: { 200: ConfigPolicy, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { tid, username } = tenantSessionOf(request);
      const body = request.body;
      const record = await policyRecord(tid, body.id);
      const before = record.data as unknown as StoredPolicy;
      if (body.updatedAt !== undefined && body.updatedAt !== before.updatedAt)
        throw new ApiHttpError(
          409,
          `The policy was changed by ${before.updatedBy} at ${before.updatedAt} after you loaded it: reload it and make your change again.`,
          'updatedAt',
        );
      const settings =
        body.settings === undefined
          ? before.settings
          : checkedSettings(before.browser, body.settings, 'settings');
      const name = body.name?.trim();
      if (name === '') throw new ApiHttpError(400, 'A policy has a name.', 'name');
      const at = new Date(Math.max(ctx.now().getTime(), Date.parse(before.updatedAt) + 1)).toISOString();
      const after: StoredPolicy = {
        ...before,
        ...(name === undefined ? {} : { name }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.platform === undefined ? {} : { platform: body.platform }),
        settings,
        updatedBy: username,
        updatedAt: at,
      };
      return auditedChange(request, async (tx) => {
        const ok = await tx.entities.update(
          {
            entity: CONFIG_POLICY_ENTITY,
            id: before.id,
            data: { ...after },
            createdAt: record.createdAt,
            updatedAt: at,
          },
          record.updatedAt,
        );
        if (!ok)
          throw new ApiHttpError(
            409,
            'The policy was changed meanwhile: reload it and make your change again.',
            'updatedAt',
          );
        noteAudit(request, {
          object: after.name,
          before: strip(before),
          after: strip(after),
          details: `Changed the browser config policy ${after.name}.`,
        });
        return strip(after);
      });
    },
  );

  const deletePolicies = async (
    request: FastifyRequest,
    ids: readonly string[],
    field: (i: number) => string,
  ) => {
    const { tid } = tenantSessionOf(request);
    // Every id is checked before anything goes: one unknown id deletes nothing.
    const records: EntityRecord[] = [];
    for (const [i, id] of ids.entries()) records.push(await policyRecord(tid, id, field(i)));
    const names = records.map((r) => String(r.data.name));
    // All of them and the audit event, or none.
    await auditedChange(request, async (tx) => {
      for (const r of records) await tx.entities.delete(CONFIG_POLICY_ENTITY, r.id);
      noteAudit(request, {
        object: names.join(', '),
        before: records.map((r) => strip(r.data as unknown as StoredPolicy)),
        after: null,
        details: `Deleted the browser config ${names.length === 1 ? 'policy' : 'policies'} ${names.join(', ')}.`,
      });
    });
    return records.map((r) => r.id);
  };

  app.delete(
    PATHS.configPolicies,
    {
      config: audited(PERM.configPoliciesWrite, 'delete', 'Deleted a browser config policy.'),
      schema: {
        tags,
        summary:
          'Deletes the config policy named by ?id= (its assessments stay, with the name they were made with)',
        querystring: ConfigPolicyIdQuery,
        response: { 200: BatchDeleteReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ deleted: await deletePolicies(request, [request.query.id], () => 'id') }),
  );

  app.post(
    PATHS.batchDelete,
    {
      config: audited(PERM.configPoliciesWrite, 'delete', 'Deleted browser config policies.'),
      schema: {
        tags,
        summary:
          'Deletes the config policies named by ids: all of them, or none when one is unknown (404 naming it)',
        body: BatchDeleteBody,
        response: { 200: BatchDeleteReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      return { deleted: await deletePolicies(request, ids, (i) => `ids.${i}`) };
    },
  );

  app.get(
    PATHS.export,
    {
      config: guard(PERM.configPoliciesRead),
      schema: {
        tags,
        summary:
          'The config policy named by id as a file: microsoftIntune (Intune custom profile JSON), registry (.reg) or registryXmlGpo (Group Policy Registry.xml)',
        querystring: ExportQuery,
        response: { 200: Type.String(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { tid } = tenantSessionOf(request);
      const policy = (await policyRecord(tid, request.query.id)).data as unknown as StoredPolicy;
      const file = exportPolicy(policy, request.query.format, ctx.now());
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  // --- catalogue and benchmarks ----------------------------------------------------------------

  app.get(
    PATHS.settingDefinitions,
    {
      config: guard(PERM.settingDefinitionsRead),
      schema: {
        tags,
        summary:
          'The setting definitions catalogue, filtered by platform, browser, version (settings the version has: introduced at or before it), text (name, description, category) and security relevance',
        querystring: SettingDefinitionsQuery,
        response: { 200: SettingDefinitionList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { platform, browser, version, q, securityRelevant } = request.query;
      const text = q?.trim().toLowerCase();
      const definitions = SETTING_DEFINITIONS.filter(
        (d) =>
          (!platform || d.platforms.includes(platform)) &&
          (!browser || d.browser === browser) &&
          (!version || compareVersions(d.introduced, version) <= 0) &&
          (securityRelevant === undefined || d.securityRelevant === securityRelevant) &&
          (!text || `${d.name} ${d.description} ${d.category}`.toLowerCase().includes(text)),
      );
      return { definitions, total: definitions.length };
    },
  );

  app.get(
    PATHS.benchmarkPolicies,
    {
      config: guard(PERM.benchmarkPoliciesRead),
      schema: {
        tags,
        summary:
          'The benchmark policies (a seeded security baseline per browser), each rule a setting, a comparator and its values',
        querystring: BenchmarkPoliciesQuery,
        response: { 200: BenchmarkPolicyList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      benchmarkPolicies: BENCHMARK_POLICIES.filter(
        (b) => !request.query.browser || b.browser === request.query.browser,
      ),
    }),
  );

  // --- assessments -----------------------------------------------------------------------------

  /** Stores one assessment run through `tx` (the transaction its route's audit event is written in). */
  const runAssessment = async (
    tx: ConfigStore,
    request: FastifyRequest,
    policy: StoredPolicy,
    benchmark: BenchmarkPolicy,
    previous: { record: EntityRecord; data: StoredAssessment } | null,
  ): Promise<Assessment> => {
    const { tid, username } = tenantSessionOf(request);
    const at = previous
      ? new Date(Math.max(ctx.now().getTime(), Date.parse(previous.record.updatedAt) + 1)).toISOString()
      : nowIso();
    const outcome = assessSettings(policy.settings, benchmark);
    const history = [
      ...(previous?.data.history ?? []),
      { assessedAt: at, assessedBy: username, score: outcome.score },
    ].slice(-ASSESSMENT_HISTORY_MAX);
    const assessment: StoredAssessment = {
      id: previous?.data.id ?? crypto.randomUUID(),
      configPolicyId: policy.id,
      configPolicyName: policy.name,
      benchmarkPolicyId: benchmark.id,
      benchmarkPolicyName: benchmark.name,
      browser: policy.browser,
      ...outcome,
      assessedAt: at,
      assessedBy: username,
      history,
      trend: history.length > 1 ? outcome.score - history[history.length - 2].score : null,
      // New results want a new look: a re-assessment is not reviewed yet (docs/browser-posture.md §5).
      reviewStatus: 'unreviewed',
      reviewedBy: null,
      reviewedAt: null,
      reviewComment: '',
      tid,
    };
    const record = {
      entity: ASSESSMENT_ENTITY,
      id: assessment.id,
      data: { ...assessment },
      createdAt: previous?.record.createdAt ?? at,
      updatedAt: at,
    };
    if (previous) {
      if (!(await tx.entities.update(record, previous.record.updatedAt)))
        throw new ApiHttpError(409, 'The assessment was re-run meanwhile: reload it.', 'id');
    } else await tx.entities.insert(record);
    return strip(assessment);
  };
  const auditRuns = (request: FastifyRequest, runs: Assessment[], verb: string) =>
    noteAudit(request, {
      object: runs.map((a) => a.configPolicyName).join(', '),
      before: null,
      after: runs.map((a) => ({
        id: a.id,
        configPolicy: a.configPolicyName,
        benchmark: a.benchmarkPolicyName,
        score: a.score,
      })),
      details: `${verb} ${runs.map((a) => `${a.configPolicyName} against ${a.benchmarkPolicyName}: ${a.score}%`).join('; ')}.`,
    });

  app.post(
    PATHS.assess,
    {
      config: audited(PERM.assessmentsWrite, 'create', 'Assessed browser config policies.'),
      schema: {
        tags,
        summary:
          'Assesses each config policy against a benchmark (its browser’s baseline when none is named); one new assessment per policy',
        body: AssessBody,
        response: { 201: AssessmentList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { tid } = tenantSessionOf(request);
      const ids = [...new Set(request.body.configPolicyIds)];
      const chosen: { policy: StoredPolicy; benchmark: BenchmarkPolicy }[] = [];
      for (const [i, id] of ids.entries()) {
        const policy = (await policyRecord(tid, id, `configPolicyIds.${i}`)).data as unknown as StoredPolicy;
        chosen.push({ policy, benchmark: benchmarkFor(policy.browser, request.body.benchmarkPolicyId) });
      }
      const runs = await auditedChange(request, async (tx) => {
        const made = [];
        for (const c of chosen) made.push(await runAssessment(tx, request, c.policy, c.benchmark, null));
        auditRuns(request, made, 'Assessed');
        return made;
      });
      return reply.code(201).send({ assessments: runs });
    },
  );

  app.post(
    PATHS.assessOne,
    {
      config: audited(PERM.assessmentsWrite, 'create', 'Assessed a browser config policy.'),
      schema: {
        tags,
        summary:
          'Assesses the config policy {id} against a benchmark (its browser’s baseline when none is named)',
        params: IdParams,
        body: Type.Optional(AssessOneBody),
        response: { 201: Assessment, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { tid } = tenantSessionOf(request);
      const policy = (await policyRecord(tid, request.params.id)).data as unknown as StoredPolicy;
      const benchmark = benchmarkFor(policy.browser, request.body?.benchmarkPolicyId);
      const run = await auditedChange(request, async (tx) => {
        const made = await runAssessment(tx, request, policy, benchmark, null);
        auditRuns(request, [made], 'Assessed');
        return made;
      });
      return reply.code(201).send(run);
    },
  );

  app.post(
    PATHS.reassess,
    {
      config: audited(PERM.assessmentsWrite, 'update', 'Re-assessed a browser config policy.'),
      schema: {
        tags,
        summary:
          'Runs the assessment {id} again on its policy’s current settings: a new run in its history (the trend), its review status back to unreviewed',
        params: IdParams,
        body: Type.Optional(Type.Object({}, { additionalProperties: false })),
        response: { 200: Assessment, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { tid } = tenantSessionOf(request);
      const record = await assessmentRecord(tid, request.params.id);
      const previous = record.data as unknown as StoredAssessment;
      const policyRow = await store.entities.get(CONFIG_POLICY_ENTITY, previous.configPolicyId);
      if (!policyRow || policyRow.data.tid !== tid)
        throw new ApiHttpError(
          404,
          'The config policy of this assessment was deleted: assess another policy.',
          'id',
        );
      const benchmark = benchmarkOf(previous.benchmarkPolicyId) ?? baselineOf(previous.browser);
      return auditedChange(request, async (tx) => {
        const run = await runAssessment(tx, request, policyRow.data as unknown as StoredPolicy, benchmark, {
          record,
          data: previous,
        });
        noteAudit(request, { before: { score: previous.score, reviewStatus: previous.reviewStatus } });
        auditRuns(request, [run], 'Re-assessed');
        return run;
      });
    },
  );

  app.get(
    PATHS.assessments,
    {
      config: guard(PERM.assessmentsRead),
      schema: {
        tags,
        summary:
          "The tenant's assessments, newest first, each with its score, its trend and its review status",
        response: { 200: AssessmentList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { records } = await store.entities.list(ASSESSMENT_ENTITY, {
        limit: LIST_LIMIT,
        offset: 0,
        sort: 'updated_at',
        order: 'desc',
        searchFields: [],
        equals: { tid: tenantSessionOf(request).tid },
      });
      return { assessments: records.map((r) => strip(r.data as unknown as StoredAssessment)) };
    },
  );

  app.get(
    PATHS.assessment,
    {
      config: guard(PERM.assessmentsRead),
      schema: {
        tags,
        summary:
          'One assessment: per rule pass, fail or not configured with the expected and actual values, the score and its history',
        params: IdParams,
        response: { 200: Assessment, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      strip(
        (await assessmentRecord(tenantSessionOf(request).tid, request.params.id))
          .data as unknown as StoredAssessment,
      ),
  );

  app.put(
    PATHS.reviewStatus,
    {
      config: audited(PERM.assessmentsWrite, 'update', 'Changed the review status of an assessment.'),
      schema: {
        tags,
        summary:
          'Sets the review status of the assessment {id} (unreviewed, in_review, reviewed) with a comment; who and when are recorded',
        params: IdParams,
        body: ReviewStatusBody,
        response: { 200: Assessment, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { tid, username } = tenantSessionOf(request);
      const record = await assessmentRecord(tid, request.params.id);
      const before = record.data as unknown as StoredAssessment;
      const at = new Date(Math.max(ctx.now().getTime(), Date.parse(record.updatedAt) + 1)).toISOString();
      const after: StoredAssessment = {
        ...before,
        reviewStatus: request.body.reviewStatus,
        reviewComment: request.body.comment ?? '',
        reviewedBy: request.body.reviewStatus === 'unreviewed' ? null : username,
        reviewedAt: request.body.reviewStatus === 'unreviewed' ? null : at,
      };
      const view = (a: StoredAssessment) => ({
        reviewStatus: a.reviewStatus,
        reviewComment: a.reviewComment,
        reviewedBy: a.reviewedBy,
      });
      return auditedChange(request, async (tx) => {
        if (!(await tx.entities.update({ ...record, data: { ...after }, updatedAt: at }, record.updatedAt)))
          throw new ApiHttpError(409, 'The assessment was changed meanwhile: reload it.', 'id');
        noteAudit(request, {
          object: before.configPolicyName,
          before: view(before),
          after: view(after),
          details: `Marked the assessment of ${before.configPolicyName} ${after.reviewStatus}.`,
        });
        return strip(after);
      });
    },
  );
};
