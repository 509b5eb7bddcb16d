/**
 * A settings row's certificate field (tenantSettings.ts `certificate`: private-access
 * certificates): the PEM decoded by the server's one decoder (identity/certificates.ts, also
 * behind `decodeCert`) into the item's `into` field at save, and its status against the clock at
 * each read.
 */
import {
  settingsMessages,
  valueAt,
  withValueAt,
  type SettingsItem,
  type SettingsListDef,
} from '@workbench/common/api/contract/tenantSettings';
import type { CertificateInfo } from '@workbench/common/api/contract/signInSettings';
import { ApiHttpError } from '../http/errors';
import { CertificateProblem, decodeCertificate } from '../identity/certificates';

const statusAt = (cert: CertificateInfo, now: Date): CertificateInfo['status'] =>
  now < new Date(cert.not_before) ? 'not_yet_valid' : now > new Date(cert.not_after) ? 'expired' : 'valid';

/**
 * The item with `into` decoded from its PEM. A stored item whose PEM is unchanged keeps its
 * decoding (an expired one stays listed until removed: the rest of the list can still be saved);
 * a new or changed PEM must parse and must not have expired (400 at `<at>.<field>`).
 */
export async function decodedCertificate(
  def: SettingsListDef,
  spec: { field: string; into: string },
  item: SettingsItem,
  byId: ReadonlyMap<string, SettingsItem>,
  at: string,
  now: Date,
): Promise<SettingsItem> {
  const pem = String(valueAt(item, spec.field));
  const old = byId.get(String(item[def.idField]));
  if (old && valueAt(old, spec.field) === pem) return withValueAt(item, spec.into, valueAt(old, spec.into));
  const path = `${at}.${spec.field}`;
  let cert: CertificateInfo;
  try {
    cert = await decodeCertificate(pem, now);
  } catch (error) {
    if (error instanceof CertificateProblem) throw new ApiHttpError(400, `${path}: ${error.message}`, path);
    throw error;
  }
  if (cert.status === 'expired')
    throw new ApiHttpError(400, settingsMessages.certificateExpired(path, cert.not_after), path);
  // The PEM as the decoder writes it (one block, 64 characters a line): what is kept and answered.
  return withValueAt(withValueAt(item, spec.field, cert.pem), spec.into, cert);
}

/** A read's item with its certificate's status as of now (a stored certificate expires in place). */
export function withCertificateStatus(def: SettingsListDef, item: SettingsItem, now: Date): SettingsItem {
  if (!def.certificate) return item;
  const cert = valueAt(item, def.certificate.into) as CertificateInfo | undefined;
  return cert ? withValueAt(item, def.certificate.into, { ...cert, status: statusAt(cert, now) }) : item;
}
