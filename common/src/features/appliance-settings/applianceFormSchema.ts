/**
 * The yup schema of an appliance settings document's form (Formik), from its registry row: each
 * field checked by the rules the server applies (the shared validators' error keys, required,
 * bounds: documentFieldProblem), then the row's own rule across fields (a static address needs
 * its gateway). The same rules as the server's, so a form the schema passes is not refused for
 * its fields.
 */
import * as yup from 'yup';
import { documentFieldProblem } from '../../api/contract/serviceSettings';
import type { SettingsDocumentDef, SettingsDocumentValue } from '../../api/contract/tenantSettingsDocuments';
import { documentOfForm, type DocumentFormValues } from '../settings-lists/settingsDocumentForm';

/** The form field a refusal's field names (`dns_servers.1` is the dns_servers box). */
const formFieldOf = (field: string): string => field.split('.')[0];

export function applianceFormSchema(def: SettingsDocumentDef, doc: SettingsDocumentValue) {
  const shape: Record<string, yup.AnySchema> = {};
  for (const f of def.form) {
    shape[f.field] = yup.mixed().test({
      name: f.field,
      test(_value, context) {
        const document = documentOfForm(def, doc, context.parent as DocumentFormValues) as Record<
          string,
          unknown
        >;
        const refused = documentFieldProblem(f, document[f.field]);
        return refused ? context.createError({ path: f.field, message: refused.message }) : true;
      },
    });
  }
  return yup.object(shape).test({
    name: 'document',
    test(values, context) {
      const own = def.problem?.(
        documentOfForm(def, doc, values as DocumentFormValues) as Record<string, unknown>,
      );
      return own ? context.createError({ path: formFieldOf(own[0]), message: own[1] }) : true;
    },
  });
}
