import { Chip, Stack, Tooltip } from '@mui/material';
import { mixedScripts } from '@workbench/common/validators/controlCharacters';
import { usersIds } from '@workbench/common/test-ids/usersIds';

/**
 * A name as the table shows it, flagged when it mixes scripts (a Cyrillic а in a Latin name looks
 * like the Latin one): a "mixed scripts" chip whose tooltip names the scripts and the code points
 * of the characters outside the name's main script (issue 38 point 6).
 */
export function MixedScriptsName({ name }: { name: string }) {
  const mixed = mixedScripts(name);
  if (!mixed) return <>{name}</>;
  const detail = `${mixed.scripts.join(' and ')}: ${mixed.characters
    .map((c) => `${c.character} ${c.codePoint} (${c.script})`)
    .join(', ')}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
      <span>{name}</span>
      <Tooltip title={detail}>
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label="mixed scripts"
          aria-label={`mixed scripts: ${detail}`}
          data-testid={`${usersIds.mixedScripts}-${name}`}
        />
      </Tooltip>
    </Stack>
  );
}
