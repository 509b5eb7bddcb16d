import { useMemo, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import {
  LoadFailed,
  Loading,
  policyMigrationRequested,
  revisionRequested,
  selectPolicyDocDirty,
  selectPolicyDocEditor,
  selectCan,
  selectPolicyMigration,
  useAppDispatch,
  useAppSelector,
  usePolicyReference,
  type WithPolicyReference,
} from '@workbench/common';
import { policyKindWritePermission, type PolicyData } from '@workbench/common/api/contract/policyKinds';
import { inspectionIds } from '@workbench/common/test-ids/inspectionIds';
import {
  describeListError,
  policySection,
  type SectionEditorProps,
  type SectionLink,
} from '../PolicyFamilyPage';
import { InspectionRuleList } from './InspectionRuleList';
import { contentTypesSummary, few } from './inspectionModel';
import { describeRulesError } from './ExceptionsSection';
import { editorServerError } from '../kit/serverError';

type ContentDoc = PolicyData<'content'>;

function V3Rules({ editor, doc, onChange, readOnly, linkedKey, onOpenRule }: SectionEditorProps<'content'>) {
  return (
    <InspectionRuleList
      kind="content"
      listId="content"
      label="File-type rules"
      noun="File-type rule"
      rules={doc.list}
      onChange={(list) => onChange({ ...doc, list })}
      readOnly={readOnly}
      filesColumn={{ header: 'Extensions', value: (r) => `${few(r.file_types)}${r.cdr ? ' (CDR)' : ''}` }}
      emptyText="No file-type rules: files are handled as the inspection settings say."
      openRuleId={linkedKey}
      onOpenRule={onOpenRule}
      serverError={editorServerError(editor)}
    />
  );
}

function V4Rules({
  editor,
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'v4/content'>) {
  const types = usePolicyReference('v4/content_types');
  const names = useMemo(() => types.data?.contentTypes.files.map((f) => f.name) ?? [], [types.data]);
  return (
    <InspectionRuleList
      kind="contentV4"
      listId="v4-content"
      label="File-type rules"
      noun="File-type rule"
      rules={doc.list}
      onChange={(list) => onChange({ ...doc, list })}
      readOnly={readOnly}
      filesColumn={{ header: 'Content types', value: contentTypesSummary }}
      emptyText="No file-type rules: files are handled as the inspection settings say."
      openRuleId={linkedKey}
      onOpenRule={onOpenRule}
      serverError={editorServerError(editor)}
      contentTypeNames={names}
    />
  );
}

const v3Section = policySection({
  path: 'file-types',
  title: 'File types (v3: by extension)',
  kind: 'content',
  Editor: V3Rules,
  describeError: describeRulesError('list'),
});
const v4Section = policySection({
  path: 'file-types',
  title: 'File types',
  kind: 'v4/content',
  Editor: V4Rules,
  describeError: describeListError('Rule', 'list'),
});

/** What the migration will do with the staged v3 rules, as the server does it (policyMigrations.ts). */
export function migrationPreview(
  doc: ContentDoc,
  v4TypeOf: (extension: string) => string | undefined,
): { rules: number; cdrIsolated: string[]; cdrKept: string[]; unknown: string[] } {
  const cdrIsolated = doc.list.filter((r) => r.cdr && r.action === 'allow').map((r) => r.name);
  const cdrKept = doc.list.filter((r) => r.cdr && r.action !== 'allow').map((r) => r.name);
  const unknown = doc.list.flatMap((r) =>
    r.file_types.filter((e) => v4TypeOf(e) === undefined).map((e) => `${e} (${r.name})`),
  );
  return { rules: doc.list.length, cdrIsolated, cdrKept, unknown };
}

/**
 * The content migration (docs/policy.md §7 PUT /api/policy/v4/content_migration): converts the
 * staged v3 file-type rules into v4 content-type rules and switches the revision to the v4 content
 * types. A confirmation says what will change; a 409 (someone changed the revision, or the server
 * refuses) is shown with the server's words.
 */
function ContentMigration({ canWrite }: { canWrite: boolean }) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const migration = useAppSelector((s: WithPolicyReference) => selectPolicyMigration(s, 'content'));
  const dirty = useAppSelector(selectPolicyDocDirty('content'));
  const v3 = useAppSelector(selectPolicyDocEditor('content'));
  const types = usePolicyReference('v4/content_types', { enabled: confirming });
  const v4TypeOf = useMemo(() => {
    const byExtension = new Map<string, string>();
    for (const f of types.data?.contentTypes.files ?? [])
      for (const t of f.list) for (const e of t.extensions) byExtension.set(e, f.name);
    return (e: string) => byExtension.get(e);
  }, [types.data]);
  const draft = (v3.draft ?? null) as ContentDoc | null;
  const preview = draft && types.data ? migrationPreview(draft, v4TypeOf) : null;
  const failed = migration.status === 'failed' ? migration.error : null;
  const stale = failed?.status === 409 && (failed.field === 'updated_at' || failed.field === 'rev_id');
  const running = migration.status === 'running';
  return (
    <Box sx={{ mb: 3 }}>
      <Alert
        severity="info"
        data-testid={inspectionIds.contentVersion}
        data-version="3"
        action={
          canWrite ? (
            <Button
              color="inherit"
              size="small"
              disabled={dirty || running}
              onClick={() => setConfirming(true)}
              data-testid={inspectionIds.migrate}
            >
              Move to v4 content types
            </Button>
          ) : undefined
        }
      >
        <AlertTitle>This policy still uses the v3 file types (by extension)</AlertTitle>
        The v4 content types group formats by what they are (documents, archives, executables…) and are kept
        up to date.
        {canWrite && dirty && ' Save or undo your changes to the rules below before moving.'}
      </Alert>
      {failed && (
        <Alert
          severity={stale ? 'warning' : 'error'}
          sx={{ mt: 1 }}
          data-testid={inspectionIds.migrateError}
          action={
            stale ? (
              <Button color="inherit" size="small" onClick={() => dispatch(revisionRequested())}>
                Reload the revision
              </Button>
            ) : undefined
          }
        >
          {stale && <AlertTitle>Someone else changed the policy</AlertTitle>}
          {failed.message}
        </Alert>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="inspection-migrate-title"
        data-testid={inspectionIds.migrateDialog}
      >
        <DialogTitle id="inspection-migrate-title">
          Move the file-type rules to the v4 content types?
        </DialogTitle>
        <DialogContent>
          {types.status === 'failed' ? (
            <LoadFailed
              message={types.error?.message ?? 'The content types could not be read.'}
              onRetry={types.reload}
            />
          ) : !preview ? (
            <Loading label="Loading the content types" />
          ) : (
            <>
              <DialogContentText component="div">
                <ul>
                  <li>
                    {preview.rules === 0
                      ? 'There are no file-type rules to convert.'
                      : `Each of the ${preview.rules} file-type rules becomes a v4 rule covering the same extensions through the content types that hold them: same order, names, conditions and actions.`}
                  </li>
                  {preview.cdrIsolated.length > 0 && (
                    <li>
                      v4 has no content disarm (CDR). These rules allowed files rebuilt without active content
                      and will open them in isolation instead: {preview.cdrIsolated.join(', ')}.
                    </li>
                  )}
                  {preview.cdrKept.length > 0 && (
                    <li>
                      CDR is dropped from these rules; their action stays: {preview.cdrKept.join(', ')}.
                    </li>
                  )}
                  <li>
                    The staged revision switches to the v4 content types. It is a staged change: review it in
                    the publish bar and publish it, or discard it.
                  </li>
                </ul>
              </DialogContentText>
              {preview.unknown.length > 0 && (
                <Alert severity="warning">
                  No v4 content type holds {preview.unknown.join(', ')}: the server will refuse the move until
                  these are removed from the rules.
                </Alert>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} data-testid={inspectionIds.migrateCancel}>
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={!preview || running}
            onClick={() => {
              setConfirming(false);
              dispatch(policyMigrationRequested({ migration: 'content' }));
            }}
            data-testid={inspectionIds.migrateConfirm}
          >
            Move to v4
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/**
 * File types (docs/policy.md §7 content types, §7 /api/policy/v3|v4/rules/content/{rev}): the
 * revision's content version (GET /content_version) decides which document is edited; a v3 policy
 * offers the migration above its rules.
 */
export function FileTypesTab({ link }: { link: SectionLink }) {
  const canWrite = useAppSelector(selectCan(policyKindWritePermission('content')));
  const version = usePolicyReference('content_version');
  if (version.status === 'failed')
    return (
      <LoadFailed
        message={version.error?.message ?? 'The content version could not be read.'}
        onRetry={version.reload}
      />
    );
  if (!version.data) return <Loading label="Loading the content version" />;
  if (version.data.version === 4)
    return (
      <>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mb: 1 }}
          data-testid={inspectionIds.contentVersion}
          data-version="4"
        >
          This policy uses the v4 content types.
        </Typography>
        {v4Section.render(link)}
      </>
    );
  return (
    <>
      <ContentMigration canWrite={canWrite} />
      {v3Section.render(link)}
    </>
  );
}
