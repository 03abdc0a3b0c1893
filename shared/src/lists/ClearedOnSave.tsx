import { useFormikContext } from 'formik';
import type { AnyObjectSchema } from 'yup';
import type { FieldDef } from '@vot/shared/ui';

const filled = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/** A stored value as the form shows it: a choice by its label. */
function shown(field: FieldDef, value: unknown): string {
  return field.options?.find((o) => o.value === value)?.label ?? String(value);
}

/**
 * Inside a DeclaredForm: the values entered before (the form's initial values) that the form's
 * rules will send as null, said before Save (a TB conclusion without treatment clears the
 * Treatment Start Date entered at registration). `kept`: fields the server keeps although the form
 * sends none (the registered regimen).
 */
export function ClearedOnSave({
  fields,
  schema,
  kept = [],
}: {
  fields: FieldDef[];
  schema: AnyObjectSchema;
  kept?: string[];
}) {
  const { values, initialValues } = useFormikContext<Record<string, unknown>>();
  let sent: Record<string, unknown>;
  try {
    sent = schema.cast(values, { stripUnknown: true, assert: false }) as Record<string, unknown>;
  } catch {
    return null;
  }
  const cleared = fields.filter(
    (f) => !kept.includes(f.name) && filled(initialValues[f.name]) && !filled(sent[f.name]),
  );
  if (!cleared.length) return null;
  return (
    <div role="status" className="vot-cleared">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Saving clears what was entered before:
      <ul>
        {cleared.map((f) => (
          <li key={f.name}>
            {f.label}: {shown(f, initialValues[f.name])}
          </li>
        ))}
      </ul>
    </div>
  );
}
