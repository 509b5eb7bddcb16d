/**
 * The policy tester (issue 12): what the staged and the published web policy do with a request
 * (a URL, who, the site's category and risk level, when, from which browser and address), and
 * the rule that decided each, linked to where it is edited. With no category picked, the server
 * looks the site up in its category database; each decision says which category it used. The server decides
 * (POST /api/policy/v1/tester), with the same order the policy enforces.
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  MenuItem,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  httpUrl,
  ipv4,
  policyTestRequested,
  policyTesterIds,
  selectPolicyTester,
  useAppDispatch,
  useAppSelector,
  useCategoryTree,
  yupString,
} from '@workbench/common';
import { POLICY_ENFORCEMENT_ACTIONS, RISKS, vocabularyLabel } from '@workbench/common/vocabularies/index';
import type { TesterCategory, TesterDecision, TesterRequest } from '@workbench/common/api/contract/policy';
import { AreaPage } from '../AreaPage';
import type { PageProps } from '../../routes/routeModel';
import { policyRuleHref } from './policyRuleLinks';
import { formFields } from './formFields';

interface TesterForm {
  url: string;
  user: string;
  groups: string;
  categoryId: number | null;
  risk: '' | 'G' | 'Y' | 'R';
  /** datetime-local text in the user's time zone; empty: now. */
  time: string;
  userAgent: string;
  sourceIp: string;
  /** The address the site is reached at (destination address rules); empty: the URL's host when it is one. */
  destIp: string;
}

const INITIAL: TesterForm = {
  url: '',
  user: '',
  groups: '',
  categoryId: null,
  risk: '',
  time: '',
  userAgent: '',
  sourceIp: '',
  destIp: '',
};

const MESSAGES: Record<string, string> = {
  required: 'Enter the URL to test.',
  invalidUrl: 'Enter an http or https URL, e.g. https://www.example.com/page.',
  invalidUriStartsWith: 'Enter an http or https URL, e.g. https://www.example.com/page.',
  invalidIP: 'Enter an IPv4 address, e.g. 10.1.2.3.',
};
const message = (key: unknown) => (typeof key === 'string' ? (MESSAGES[key] ?? key) : undefined);

const schema = yup.object({
  url: yupString(httpUrl).required('required'),
  sourceIp: yupString(ipv4),
  destIp: yupString(ipv4),
});

/** The form as the tester's request: empty fields left out, the time as UTC ISO. */
export function testerRequestOf(form: TesterForm): TesterRequest {
  const groups = form.groups
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  return {
    url: form.url.trim(),
    ...(form.user.trim() ? { user: form.user.trim() } : {}),
    ...(groups.length ? { groups } : {}),
    ...(form.categoryId !== null ? { category_id: form.categoryId } : {}),
    ...(form.risk ? { risk: form.risk } : {}),
    ...(form.time ? { time: new Date(form.time).toISOString() } : {}),
    ...(form.userAgent.trim() ? { user_agent: form.userAgent.trim() } : {}),
    ...(form.sourceIp.trim() ? { source_ip: form.sourceIp.trim() } : {}),
    ...(form.destIp.trim() ? { dest_ip: form.destIp.trim() } : {}),
  };
}

const ACTION_COLOURS: Record<string, 'success' | 'error' | 'warning' | 'info' | 'default'> = {
  allow: 'success',
  block: 'error',
  safeview: 'warning',
  safeview_readonly: 'warning',
  bypass: 'info',
};

/** Which site category a decision used, and where it came from (picked, or the category database). */
export function categoryUsedText(category: TesterCategory): string {
  if (category.source === 'request') return `Site category: ${category.name} (as picked).`;
  if (category.domain === null)
    return `Site category: ${category.name} (the category database does not list this site).`;
  return `Site category: ${category.name} (looked up in the category database: ${category.domain}).`;
}

function Decision({ which, decision }: { which: 'staged' | 'published'; decision: TesterDecision }) {
  const href = decision.rule ? policyRuleHref(decision.rule.kind, decision.rule.key) : null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, flex: 1, minWidth: 240 }}
      data-testid={`${policyTesterIds.decision}-${which}`}
      data-action={decision.action}
    >
      <Typography variant="overline" component="h3">
        {which === 'staged' ? 'Staged' : 'Published'} policy · revision {decision.rev_id}
      </Typography>
      <Box sx={{ my: 1 }}>
        <Chip
          label={vocabularyLabel(POLICY_ENFORCEMENT_ACTIONS, decision.action)}
          color={ACTION_COLOURS[decision.action] ?? 'default'}
        />
      </Box>
      <Typography>{decision.reason}</Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 1 }}
        data-testid={policyTesterIds.categoryUsed}
      >
        {categoryUsedText(decision.category)}
      </Typography>
      {decision.rule && href && (
        <Link
          component={RouterLink}
          to={href}
          data-testid={policyTesterIds.ruleLink}
          sx={{ display: 'inline-block', mt: 1 }}
        >
          Open “{decision.rule.name}”
        </Link>
      )}
    </Paper>
  );
}

export function PolicyTesterPage({ title }: PageProps) {
  const dispatch = useAppDispatch();
  const tester = useAppSelector(selectPolicyTester);
  const categories = useCategoryTree();
  const options = useMemo(() => {
    const tree = categories.tree;
    if (!tree) return [];
    const groups = new Map(tree.groups.map((g) => [g.key, g.name]));
    return tree.categories
      .map((c) => ({ id: c.id, name: c.name, group: groups.get(c.group) ?? c.group }))
      .sort((a, b) => a.group.localeCompare(b.group) || a.name.localeCompare(b.name));
  }, [categories.tree]);

  const form = useFormik<TesterForm>({
    initialValues: INITIAL,
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(policyTestRequested(testerRequestOf(values)));
    },
  });
  const { field, choiceField } = formFields(form, {
    readOnly: false,
    message,
    testIds: {
      url: policyTesterIds.url,
      user: policyTesterIds.user,
      groups: policyTesterIds.groups,
      risk: policyTesterIds.risk,
      time: policyTesterIds.time,
      userAgent: policyTesterIds.userAgent,
      sourceIp: policyTesterIds.sourceIp,
      destIp: policyTesterIds.destIp,
    },
  });
  const when = field('time', 'When', 'Your local time; empty: now.');
  const category = choiceField<number | null>('categoryId');
  const result = tester.status === 'done' ? tester.result : null;
  const differs = result !== null && result.staged.action !== result.published.action;

  return (
    <AreaPage title={title}>
      <Box data-testid={policyTesterIds.page} sx={{ maxWidth: 960 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          See what the web policy does with a request, staged and published, and which rule decides.
        </Typography>
        <Box component="form" noValidate onSubmit={form.handleSubmit} aria-label="Request to test">
          <Stack spacing={2}>
            <TextField {...field('url', 'URL', 'The address the user opens.')} required />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField {...field('user', 'User')} />
              <TextField {...field('groups', 'Groups', 'Separate several with commas.')} />
              <Autocomplete
                options={options}
                groupBy={(o) => o.group}
                getOptionLabel={(o) => o.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                value={options.find((o) => o.id === category.value) ?? null}
                onChange={(_e, o) => category.onChange(o ? o.id : null)}
                loading={categories.status === 'loading'}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Site category"
                    helperText="Leave empty to look the site up in the category database."
                    slotProps={{
                      ...params.slotProps,
                      htmlInput: { ...params.slotProps.htmlInput, 'data-testid': policyTesterIds.category },
                    }}
                  />
                )}
              />
              <TextField select {...field('risk', 'Site risk level')}>
                <MenuItem value="">Not rated</MenuItem>
                {RISKS.map((r) => (
                  <MenuItem key={r.code} value={r.code}>
                    {r.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                {...when}
                type="datetime-local"
                slotProps={{ ...when.slotProps, inputLabel: { shrink: true } }}
              />
              <TextField {...field('sourceIp', 'Source IP address')} />
              <TextField
                {...field('destIp', 'Destination IP address', "Empty: the URL's host when it is an address.")}
              />
            </Box>
            <TextField
              {...field(
                'userAgent',
                'User agent',
                "The browser's User-Agent header, for browser and user-agent rules.",
              )}
            />
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={tester.status === 'testing'}
                data-testid={policyTesterIds.submit}
              >
                {tester.status === 'testing' ? 'Testing…' : 'Test'}
              </Button>
            </Box>
          </Stack>
        </Box>
        {tester.status === 'failed' && tester.error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid={policyTesterIds.error}>
            {tester.error.message}
          </Alert>
        )}
        {result && (
          <Box sx={{ mt: 3 }} aria-live="polite">
            {differs && (
              <Alert severity="info" sx={{ mb: 2 }} data-testid={policyTesterIds.changed}>
                The staged changes change this decision: publish them to make it take effect.
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Decision which="staged" decision={result.staged} />
              <Decision which="published" decision={result.published} />
            </Stack>
          </Box>
        )}
      </Box>
    </AreaPage>
  );
}
