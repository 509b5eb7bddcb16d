/**
 * SAML 2.0 IdP metadata (issue 33): parse the entity id, the single sign-on URLs with their
 * bindings and the signing certificates, and verify the document's XML signature. Unsigned or
 * malformed metadata is refused with the reason (MetadataProblem); the decision and what the
 * signature proves are in identity/README.md.
 *
 * Parsing is fast-xml-parser's (entities off, no DOCTYPE taken), the signature xml-crypto's
 * (XML-DSig with exclusive canonicalisation, on @xmldom/xmldom's DOM). The fields are read from the
 * signed content only (what the signature's one reference covers), so a document that wraps a
 * signed element in unsigned text cannot slip its own values in.
 */
import type { Element as XmlElement, Node as XmlNode } from '@xmldom/xmldom';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { SignedXml } from 'xml-crypto';
import type { CertificateInfo } from '@workbench/common/api/contract/signInSettings';
import { CertificateProblem, decodeCertificate, pemOf } from './certificates';

/** Why metadata is refused (the message of a 400 naming the field). */
export class MetadataProblem extends Error {}

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
/** Bindings a browser sign-in can use; others (SOAP, Artifact) are listed but not enough alone. */
export const BROWSER_BINDINGS = [
  'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
] as const;

export interface ParsedIdpMetadata {
  entity_id: string;
  sso_urls: Array<{ url: string; binding: string }>;
  certificates: CertificateInfo[];
  /** SHA-256 fingerprint of the certificate whose key signed the document. */
  metadata_signed_by: string;
}

const childElements = (node: XmlNode, ns: string, localName: string): XmlElement[] => {
  const found: XmlElement[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling)
    if (
      c.nodeType === 1 &&
      (c as XmlElement).localName === localName &&
      (c as XmlElement).namespaceURI === ns
    )
      found.push(c as XmlElement);
  return found;
};

const descendants = (node: XmlNode, ns: string, localName: string): XmlElement[] => {
  const found: XmlElement[] = [];
  const walk = (n: XmlNode) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      const e = c as XmlElement;
      if (e.localName === localName && e.namespaceURI === ns) found.push(e);
      walk(e);
    }
  };
  walk(node);
  return found;
};

/** Well-formedness first, with fast-xml-parser's line and column in the reason. */
function checkWellFormed(xml: string): void {
  if (xml.trim() === '') throw new MetadataProblem('The metadata is empty.');
  // A DOCTYPE can declare entities (billion laughs, external files): metadata never needs one.
  if (/<!DOCTYPE/i.test(xml)) throw new MetadataProblem('The metadata has a DOCTYPE, which is not allowed.');
  const result = XMLValidator.validate(xml);
  if (result !== true)
    throw new MetadataProblem(
      `The metadata is not well-formed XML: ${result.err.msg} (line ${result.err.line}, column ${result.err.col}).`,
    );
}

/**
 * Verifies the Signature that is a child of the root against the certificate in its KeyInfo,
 * which must be one of `signingCerts` (base64 DER) of the metadata itself; answers the signed
 * XML (the content of its one reference, the root) and the signer's DER.
 */
function verifySignature(
  xml: string,
  root: XmlElement,
  Verifier: typeof SignedXml,
): { signedXml: string; signerDer: string } {
  const signatures = childElements(root, DSIG, 'Signature');
  if (signatures.length === 0)
    throw new MetadataProblem(
      'The metadata is not signed: download the signed metadata from the identity provider (its XML has a Signature element).',
    );
  if (signatures.length > 1) throw new MetadataProblem('The metadata has more than one signature.');
  const signature = signatures[0];
  const keyCerts = descendants(signature, DSIG, 'X509Certificate');
  if (keyCerts.length === 0)
    throw new MetadataProblem(
      "The metadata's signature names no certificate (KeyInfo/X509Data/X509Certificate).",
    );
  const signerDer = (keyCerts[0].textContent ?? '').replace(/\s+/g, '');
  const verifier = new Verifier({ publicCert: pemOf(Buffer.from(signerDer, 'base64')) });
  // xml-crypto checks the KeyInfo certificate only when asked: we give it the key ourselves.
  verifier.loadSignature(signature as unknown as Parameters<SignedXml['loadSignature']>[0]);
  let valid = false;
  let why = '';
  try {
    valid = verifier.checkSignature(xml);
  } catch (error) {
    why = (error as Error).message;
  }
  if (!valid)
    throw new MetadataProblem(
      `The metadata's signature does not verify: the document was changed after it was signed${why ? ` (${why})` : ''}.`,
    );
  const references = verifier.getReferences();
  const rootId = root.getAttribute('ID') ?? '';
  if (
    references.length !== 1 ||
    !(references[0].uri === '' || (rootId !== '' && references[0].uri === `#${rootId}`))
  )
    throw new MetadataProblem("The metadata's signature does not cover the whole EntityDescriptor.");
  const signed = verifier.getSignedReferences();
  if (signed.length !== 1)
    throw new MetadataProblem("The metadata's signature does not cover the whole EntityDescriptor.");
  return { signedXml: signed[0], signerDer };
}

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

type Obj = Record<string, unknown>;
const textOf = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'object' && v && '#text' in v ? String((v as Obj)['#text']) : '';

/**
 * The IdP described by `xml`, verified. Throws MetadataProblem with the reason for malformed,
 * unsigned, badly signed or incomplete metadata.
 */
export async function parseIdpMetadata(xml: string, now: Date): Promise<ParsedIdpMetadata> {
  checkWellFormed(xml);
  // xmldom and xml-crypto load with the first metadata, not with every server (issue 39).
  const [{ DOMParser }, { SignedXml: Verifier }] = await Promise.all([
    import('@xmldom/xmldom'),
    import('xml-crypto'),
  ]);
  let doc;
  try {
    doc = new DOMParser().parseFromString(xml, 'text/xml');
  } catch (error) {
    throw new MetadataProblem(`The metadata is not well-formed XML: ${(error as Error).message}`);
  }
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== MD || root.localName !== 'EntityDescriptor')
    throw new MetadataProblem(
      root?.localName === 'EntitiesDescriptor'
        ? 'The metadata describes several entities: upload the metadata of one identity provider.'
        : 'Not SAML metadata: the document must be an md:EntityDescriptor.',
    );
  const { signedXml, signerDer } = verifySignature(xml, root, Verifier);

  // The values come from the signed content only.
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    processEntities: false,
    parseTagValue: false,
    trimValues: true,
  });
  const entity = (parser.parse(signedXml) as Obj).EntityDescriptor as Obj | undefined;
  if (!entity) throw new MetadataProblem('Not SAML metadata: the document must be an md:EntityDescriptor.');
  const entityId = String(entity['@entityID'] ?? '').trim();
  if (entityId === '') throw new MetadataProblem('The metadata has no entityID.');
  const idp = asList(entity.IDPSSODescriptor as Obj | Obj[])[0];
  if (!idp) throw new MetadataProblem('The metadata describes no identity provider (no IDPSSODescriptor).');

  const ssoUrls = asList(idp.SingleSignOnService as Obj | Obj[]).map((s) => ({
    url: String(s['@Location'] ?? '').trim(),
    binding: String(s['@Binding'] ?? '').trim(),
  }));
  const usable = ssoUrls.filter((s) => (BROWSER_BINDINGS as readonly string[]).includes(s.binding));
  if (usable.length === 0)
    throw new MetadataProblem(
      'The metadata has no single sign-on URL with the HTTP-Redirect or HTTP-POST binding.',
    );
  for (const s of ssoUrls) {
    if (!URL.canParse(s.url) || new URL(s.url).protocol !== 'https:')
      throw new MetadataProblem(`The single sign-on URL "${s.url}" is not an https URL.`);
  }

  const signingDer = asList(idp.KeyDescriptor as Obj | Obj[])
    .filter((k) => k['@use'] === undefined || k['@use'] === 'signing')
    .flatMap((k) => asList(((k.KeyInfo as Obj | undefined)?.X509Data as Obj | undefined)?.X509Certificate))
    .map((c) => textOf(c).replace(/\s+/g, ''));
  if (signingDer.length === 0)
    throw new MetadataProblem('The metadata has no signing certificate (KeyDescriptor use="signing").');
  const certificates: CertificateInfo[] = [];
  for (const der of signingDer) {
    try {
      certificates.push(await decodeCertificate(der, now));
    } catch (error) {
      if (error instanceof CertificateProblem)
        throw new MetadataProblem(`A signing certificate of the metadata is not valid: ${error.message}`);
      throw error;
    }
  }
  if (!signingDer.includes(signerDer))
    throw new MetadataProblem(
      'The metadata is signed with a certificate that is not one of its own signing certificates.',
    );
  const signer = certificates[signingDer.indexOf(signerDer)];
  return {
    entity_id: entityId,
    sso_urls: ssoUrls,
    certificates,
    metadata_signed_by: signer.fingerprint_sha256,
  };
}
